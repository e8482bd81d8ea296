import { loadConfig } from '../config';
import { DMVIC_SIMULATOR_CREDENTIALS, startDmvicSimulator } from './simulator';

/**
 * The DMVIC simulator as a process of its own, for several API instances (`npm run cluster`, the
 * soak test): like DMVIC, one register, one stock and one set of issued certificates shared by every
 * instance, so a plate insured through one instance is double insurance on another. The instances
 * use it with DMVIC_BASE_URL and the simulator's credentials (DMVIC_SIMULATOR_CREDENTIALS).
 */
const config = loadConfig();
const simulator = await startDmvicSimulator(
  {
    ...DMVIC_SIMULATOR_CREDENTIALS,
    slowAnswerMs: config.DMVIC_TIMEOUT_MS + 5_000,
    log: (message, detail) => console.warn(message, detail ?? ''),
  },
  config.DMVIC_SIMULATOR_PORT,
);
console.info(`DMVIC simulator on ${simulator.baseUrl}`);
const stop = () => {
  simulator.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
