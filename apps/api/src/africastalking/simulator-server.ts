import { loadConfig } from '../config';
import { AT_SIMULATOR_CREDENTIALS, startAfricasTalkingSimulator } from './simulator';

/**
 * The Africa's Talking simulator as a process of its own, for several API instances (`npm run
 * cluster`, the soak test): like Africa's Talking, it outlives any one instance and posts delivery
 * reports and STOP replies to the public address (MPESA_CALLBACK_BASE_URL, the load balancer, else
 * PUBLIC_BASE_URL) with AFRICASTALKING_CALLBACK_SECRET in the path. The instances reach it with
 * AFRICASTALKING_BASE_URL and the simulator's credentials (AT_SIMULATOR_CREDENTIALS).
 */
const config = loadConfig();
const secret = config.AFRICASTALKING_CALLBACK_SECRET;
if (!secret) {
  console.error('AFRICASTALKING_CALLBACK_SECRET is needed: the instances must know the callback paths.');
  process.exit(1);
}
const base = (config.MPESA_CALLBACK_BASE_URL ?? config.PUBLIC_BASE_URL).replace(/\/$/, '');
const simulator = await startAfricasTalkingSimulator(
  {
    deliveryReportUrl: () => `${base}/v2/api/sms/delivery/${secret}`,
    optOutUrl: () => `${base}/v2/api/sms/opt-out/${secret}`,
    deliveryDelayMs: config.AFRICASTALKING_SIMULATOR_DELIVERY_MS,
    senderId: config.AFRICASTALKING_SENDER_ID,
    log: (message, detail) => console.warn(message, detail ?? ''),
  },
  config.AFRICASTALKING_SIMULATOR_PORT,
);
console.info(
  `Africa's Talking simulator on ${simulator.baseUrl} (username ${AT_SIMULATOR_CREDENTIALS.username}), reporting to ${base}`,
);
const stop = () => {
  simulator.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
