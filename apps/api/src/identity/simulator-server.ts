import { loadConfig } from '../config';
import { IDENTITY_SIMULATOR_CREDENTIALS, startIdentitySimulator } from './simulator';

/**
 * The identity simulator (Smile ID's Enhanced KYC with the sample IPRS and KRA register of
 * simulator.ts, the same one the server starts in its own process) as a process of its own, for
 * several API instances (`npm run cluster`, the soak test): like Smile ID, it outlives any one
 * instance. It accepts the partner id and API key of IDENTITY_PARTNER_ID and IDENTITY_API_KEY (the
 * simulator's own, IDENTITY_SIMULATOR_CREDENTIALS, when unset), so the instances are given the same
 * three variables with IDENTITY_BASE_URL set to its address. IDENTITY_SIMULATOR_PORT picks the port.
 */
const config = loadConfig();
const simulator = await startIdentitySimulator(
  {
    partnerId: config.IDENTITY_PARTNER_ID ?? IDENTITY_SIMULATOR_CREDENTIALS.partnerId,
    apiKey: config.IDENTITY_API_KEY ?? IDENTITY_SIMULATOR_CREDENTIALS.apiKey,
  },
  config.IDENTITY_SIMULATOR_PORT,
);
console.info(`Identity simulator on ${simulator.baseUrl}`);
const stop = () => {
  simulator.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
