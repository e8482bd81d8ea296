import { loadConfig } from '../config';
import { SIMULATOR_CREDENTIALS, startDarajaSimulator } from './simulator';

/**
 * The Daraja simulator as a process of its own, for several API instances (`npm run cluster`, the
 * soak test): like Safaricom, it outlives any one instance and calls back the public address
 * (MPESA_CALLBACK_BASE_URL, the load balancer). The instances use it with MPESA_BASE_URL and the
 * simulator's credentials (SIMULATOR_CREDENTIALS).
 */
const config = loadConfig();
const simulator = await startDarajaSimulator(
  {
    ...SIMULATOR_CREDENTIALS,
    shortcode: config.MPESA_SHORTCODE,
    maxAmount: config.MPESA_MAX_AMOUNT,
    answerDelayMs: config.MPESA_SIMULATOR_DELAY_MS,
    lateDelayMs: config.MPESA_SIMULATOR_LATE_MS,
    b2cDelayMs: config.MPESA_SIMULATOR_B2C_DELAY_MS,
    // Its own process has no business clock: standing orders fall due by the system's date.
    ratibaDelayMs: config.MPESA_SIMULATOR_RATIBA_DELAY_MS,
    ratibaTickMs: config.MPESA_SIMULATOR_RATIBA_TICK_MS,
    log: (message, detail) => console.warn(message, detail ?? ''),
  },
  config.MPESA_SIMULATOR_PORT,
);
console.info(`Daraja simulator on ${simulator.baseUrl}`);
const stop = () => {
  simulator.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
