// Several API instances on this machine, as production runs them: PostgreSQL, Redis, the Daraja
// simulator (standing in for Safaricom), the DMVIC simulator (for AKI's DMVIC), the identity simulator
// (for Smile ID), an SMTP sink, N
// identical instances started the production way (NODE_ENV=production through `npm start`'s
// scripts/start.mjs, serving the web app built once beforehand) and nginx in front, also on TLS for
// M-Pesa's callbacks. Used by `npm run cluster` and `npm run soak`. Debian's packages;
// scripts/system-deps.sh installs them.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startSmtpSink } from './smtp-sink.mjs';
import { ensureWebBuild, ROOT } from './web-build.mjs';

const isRoot = process.getuid?.() === 0;

/** A free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `url` answers 200 (or the process died, or the time is up). */
export async function waitHttp(url, { timeoutMs = 120_000, child } = {}) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await sleep(250);
  }
}

function postgresBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  const version = versions.at(-1);
  if (!version) throw new Error('PostgreSQL is not installed (scripts/system-deps.sh installs it).');
  return join(base, version, 'bin');
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function asOwner(command, args, options = {}) {
  return isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], options)
    : spawnSync(command, args, options);
}

function must(result, what) {
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr?.toString() ?? ''}`);
}

/** Starts a throwaway PostgreSQL cluster in `dir` and answers its URL and a stop function. */
export async function startPostgres(dir) {
  const bin = postgresBin();
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  if (isRoot) {
    if (spawnSync('id', ['postgres']).status !== 0) spawnSync('useradd', ['-r', 'postgres']);
    spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  }
  const data = join(dir, 'data');
  must(
    asOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']),
    'initdb',
  );
  must(
    asOwner(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      `-h 127.0.0.1 -p ${port} -k ${dir} -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ]),
    'pg_ctl start',
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => asOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']),
  };
}

/** Starts redis-server without persistence. */
export async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping']);
    if (ping.stdout?.toString().includes('PONG')) break;
    await sleep(100);
  }
  return { url: `redis://127.0.0.1:${port}`, child, stop: () => stopChild(child) };
}

/** A self-signed certificate for 127.0.0.1 (production's TLS proxy, here for the callbacks). */
function selfSignedCertificate(dir) {
  const cert = join(dir, 'tls.crt');
  const key = join(dir, 'tls.key');
  must(
    spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    'openssl req',
  );
  return { cert, key };
}

/** The nginx configuration: least-connections over the instances, WebSocket upgrade, X-Forwarded-For. */
function nginxConfig({ dir, port, tlsPort, tls, upstreams }) {
  const temp = join(dir, 'tmp');
  return `worker_processes 2;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
daemon off;
${isRoot ? 'user root;' : ''}
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  client_max_body_size 12m;
  upstream bima {
    least_conn;
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  server {
    listen 127.0.0.1:${port};
    listen 127.0.0.1:${tlsPort} ssl;
    ssl_certificate ${tls.cert};
    ssl_certificate_key ${tls.key};
    location / {
      proxy_pass http://bima;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 3600s;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

function nginxBinary() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed (scripts/system-deps.sh installs it).');
}

/** Starts nginx in front of the instances' ports: plain HTTP, and HTTPS with a self-signed certificate. */
export async function startNginx(dir, upstreams) {
  const port = await freePort();
  const tlsPort = await freePort();
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  chmodSync(join(dir, 'tmp'), 0o777);
  const tls = selfSignedCertificate(dir);
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ dir, port, tlsPort, tls, upstreams }));
  const child = spawn(nginxBinary(), ['-c', config, '-p', dir, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    url: `http://127.0.0.1:${port}`,
    httpsUrl: `https://127.0.0.1:${tlsPort}`,
    certificate: tls.cert,
    child,
    stop: () => child.kill('SIGQUIT'),
  };
}

/** The Daraja simulator as its own process, calling back through the load balancer (trusting its certificate). */
export async function startSimulator({ callbackBaseUrl, certificate, answerDelayMs = 1000 }) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/mpesa/simulator-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      MPESA_SIMULATOR_PORT: String(port),
      MPESA_SIMULATOR_DELAY_MS: String(answerDelayMs),
      MPESA_SIMULATOR_LATE_MS: '5000',
      MPESA_CALLBACK_BASE_URL: callbackBaseUrl,
      ...(certificate ? { NODE_EXTRA_CA_CERTS: certificate } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitListening(url, child, 'the Daraja simulator');
  return { url, child, stop: () => stopChild(child) };
}

/** Waits until something answers at `url` (any status): the simulator `child` listens. */
async function waitListening(url, child, what) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (attempt > 200 || child.exitCode !== null) throw new Error(`${what} did not start`);
      await sleep(100);
    }
  }
}

/**
 * The identity simulator (Smile ID's protocol, the sample IPRS and KRA register) as its own process,
 * with a partner id and API key made for this cluster. Answers `env`, the IDENTITY_* the instances
 * need to reach it (its address and those credentials).
 */
export async function startIdentitySimulator() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    IDENTITY_BASE_URL: url,
    IDENTITY_PARTNER_ID: '2070',
    IDENTITY_API_KEY: randomBytes(24).toString('hex'),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/identity/simulator-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, IDENTITY_SIMULATOR_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitListening(url, child, 'the identity simulator');
  return { url, env, child, stop: () => stopChild(child) };
}

/**
 * The Africa's Talking simulator as its own process (SMS: one set of inboxes for every instance),
 * posting delivery reports and STOP replies through the load balancer (trusting its certificate)
 * with a callback secret made for this cluster. Answers `env`, the AFRICASTALKING_* the instances
 * need to reach it and to accept its callbacks.
 */
export async function startAfricasTalkingSimulator({ callbackBaseUrl, certificate }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    AFRICASTALKING_BASE_URL: url,
    // AT_SIMULATOR_CREDENTIALS (apps/api/src/africastalking/simulator.ts).
    AFRICASTALKING_USERNAME: 'bima-simulator',
    AFRICASTALKING_API_KEY: 'at-simulator-api-key',
    AFRICASTALKING_CALLBACK_SECRET: randomBytes(24).toString('hex'),
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/africastalking/simulator-server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        AFRICASTALKING_SIMULATOR_PORT: String(port),
        MPESA_CALLBACK_BASE_URL: callbackBaseUrl,
        ...(certificate ? { NODE_EXTRA_CA_CERTS: certificate } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await waitListening(url, child, "the Africa's Talking simulator");
  return { url, env, child, stop: () => stopChild(child) };
}

/** The DMVIC simulator as its own process: one register, stock and set of certificates for every instance. */
export async function startDmvicSimulator() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/dmvic/simulator-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DMVIC_SIMULATOR_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (attempt > 200 || child.exitCode !== null) throw new Error('the DMVIC simulator did not start');
      await sleep(100);
    }
  }
  return { url, child, stop: () => stopChild(child) };
}

/** Stops a child with SIGTERM and waits for it to exit (SIGKILL after `graceMs`). */
export function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One API instance (`node scripts/start.mjs`, what `npm start` runs: the server itself, so its pid is the server's). */
export function startInstance({ port, env }) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { port, child, url: `http://127.0.0.1:${port}` };
}

/**
 * The whole cluster in `dir`: the web app built once (`npm run build`, when not built or out of date),
 * PostgreSQL, Redis, the Daraja and identity simulators, an SMTP sink, `instances` API instances in
 * production mode (the first migrates and seeds alone, then the others start) and nginx. Answers its
 * parts and `stop()`.
 */
export async function startCluster({
  dir,
  instances = 3,
  env = {},
  log = console.info,
  answerDelayMs = 1000,
}) {
  const stops = [];
  const stop = async () => {
    for (const fn of stops.reverse()) {
      try {
        await fn();
      } catch {
        // keep stopping the rest
      }
    }
  };
  try {
    // Production never builds at start: the build is made here, once, before any instance starts.
    ensureWebBuild();
    // The postgres user (PostgreSQL refuses to run as root) must reach its folder inside.
    chmodSync(dir, 0o755);
    const postgres = await startPostgres(join(dir, 'postgres'));
    stops.push(postgres.stop);
    log(`PostgreSQL   ${postgres.url}`);
    const redis = await startRedis();
    stops.push(redis.stop);
    log(`Redis        ${redis.url}`);
    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    const nginx = await startNginx(join(dir, 'nginx'), ports);
    stops.push(nginx.stop);
    const simulator = await startSimulator({
      callbackBaseUrl: nginx.httpsUrl,
      certificate: nginx.certificate,
      answerDelayMs,
    });
    stops.push(simulator.stop);
    log(`M-Pesa       ${simulator.url} (the Daraja simulator, calling back ${nginx.httpsUrl})`);
    const identity = await startIdentitySimulator();
    stops.push(identity.stop);
    log(`Identity     ${identity.url} (the Smile ID simulator: the sample IPRS and KRA register)`);
    const africasTalking = await startAfricasTalkingSimulator({
      callbackBaseUrl: nginx.httpsUrl,
      certificate: nginx.certificate,
    });
    stops.push(africasTalking.stop);
    log(
      `SMS          ${africasTalking.url} (the Africa's Talking simulator, reporting to ${nginx.httpsUrl})`,
    );
    const dmvic = await startDmvicSimulator();
    stops.push(dmvic.stop);
    log(`DMVIC        ${dmvic.url} (the DMVIC simulator)`);
    const smtp = await startSmtpSink(join(dir, 'mail.txt'));
    stops.push(smtp.stop);
    log(`SMTP         ${smtp.url} (e-mails appended to ${smtp.file})`);
    // Production's configuration: its secrets set, mail by SMTP, Daraja calling back over https.
    const instanceEnv = {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: '1',
      PUBLIC_BASE_URL: nginx.url,
      MPESA_BASE_URL: simulator.url,
      MPESA_CONSUMER_KEY: 'simulator-key',
      MPESA_CONSUMER_SECRET: 'simulator-secret',
      MPESA_PASSKEY: 'simulator-passkey',
      MPESA_B2C_SECURITY_CREDENTIAL: 'simulator-b2c-credential',
      MPESA_CALLBACK_BASE_URL: nginx.httpsUrl,
      // Identity checks reach the identity simulator's process, signed with its credentials.
      ...identity.env,
      // Text messages reach the Africa's Talking simulator's process, whose callbacks carry the secret.
      ...africasTalking.env,
      // DMVIC: the simulator over plain http on loopback (no client certificate: it is not DMVIC).
      DMVIC_BASE_URL: dmvic.url,
      DMVIC_USERNAME: 'simulator-user',
      DMVIC_PASSWORD: 'simulator-password',
      DMVIC_CLIENT_ID: 'simulator-client-id',
      ...env,
    };
    const started = [];
    const boot = async (port) => {
      const instance = startInstance({ port, env: instanceEnv });
      started.push(instance);
      await waitHttp(`${instance.url}/readyz`, { child: instance.child });
      log(`API          ${instance.url} (pid ${instance.child.pid})`);
      return instance;
    };
    // The instances stop (and finish their jobs) before anything they use does.
    stops.push(() => Promise.all(started.map((instance) => stopChild(instance.child))));
    // The first instance migrates and seeds; the others find the database ready.
    await boot(ports[0]);
    await Promise.all(ports.slice(1).map(boot));
    await waitHttp(`${nginx.url}/readyz`, { child: nginx.child });
    return {
      url: nginx.url,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      mailFile: smtp.file,
      instances: started,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
