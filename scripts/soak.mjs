// `npm run soak`: concurrent purchase journeys through nginx across several API instances on
// PostgreSQL and Redis, with one instance killed (kill -9) half-way through the payments. Each
// journey signs up with the e-mailed code, gives KYC, quotes, makes a quotation and its invoice,
// pays by M-Pesa through the Daraja simulator and waits for its policy. Then the books are checked:
// nothing lost, no payment or policy duplicated, every payment settled, every ledger entry balanced.
//
//   npm run soak                              500 journeys, 3 instances, one killed
//   node scripts/soak.mjs --journeys 50 --instances 2    the size `npm test` runs
//   options: --journeys N --instances N --no-kill
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster } from './lib/cluster.mjs';
import { ROOT } from './lib/web-build.mjs';

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const JOURNEYS = argument('journeys', 500);
const INSTANCES = argument('instances', 3);
const KILL = !process.argv.includes('--no-kill') && INSTANCES > 1;
const JOURNEY_TIMEOUT_MS = 240_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const deps = spawnSync('bash', ['scripts/system-deps.sh'], { cwd: ROOT, stdio: 'inherit' });
if (deps.status !== 0) process.exit(deps.status ?? 1);

const dir = mkdtempSync(join(tmpdir(), 'bima-soak-'));
console.info(
  `Soak: ${JOURNEYS} purchase journeys, ${INSTANCES} API instances behind nginx${KILL ? ', one killed' : ''}`,
);
const cluster = await startCluster({
  dir,
  instances: INSTANCES,
  env: {
    RECONCILE_INTERVAL_MS: '3000',
    // Every journey comes from this one machine (one address, as nginx rightly reports it): the
    // per-IP limits meant for people are raised, as for the Playwright server.
    AUTH_RATE_LIMIT_SCALE: '1000',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_PUBLIC_READ_MAX: '1000000',
    MAIL_QUEUE_INTERVAL_MS: '2000',
  },
});
const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 10 });
const cleanUp = async () => {
  await db.end().catch(() => undefined);
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
};

/** Step timings (ms) by step name. */
const timings = new Map();
const record = (step, ms) => {
  if (!timings.has(step)) timings.set(step, []);
  timings.get(step).push(ms);
};

/** A gateway call through nginx, retried on no answer or a 502/503/504 (an instance went away). */
async function gateway(client, [service, resource, action], data, step) {
  const body = JSON.stringify({
    service: { name: service, version: 'v1' },
    resource: { name: resource, version: 'v1' },
    action: { name: action, version: 'v1' },
    data,
  });
  const started = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    let response;
    try {
      response = await fetch(`${cluster.url}/v2/api/v1`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(client.token ? { accesstoken: client.token } : {}),
        },
        body,
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      if (attempt < 5) {
        client.retries += 1;
        await sleep(300 * 2 ** attempt);
        continue;
      }
      throw error;
    }
    // A body cut off (the instance died while answering) counts as no answer.
    const answer = await response.json().catch(() => null);
    if (([502, 503, 504].includes(response.status) || answer === null) && attempt < 5) {
      client.retries += 1;
      await sleep(300 * 2 ** attempt);
      continue;
    }
    if (step) record(step, performance.now() - started);
    return { status: response.status, answer, data: answer?.result?.data };
  }
}

async function latestCode(email, after) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { rows } = await db.query(
      'select id, text from outbox_emails where "to" = $1 and id > $2 order by id desc limit 1',
      [email, after],
    );
    const code = rows[0]?.text.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await sleep(200);
  }
  throw new Error(`no code reached ${email}`);
}

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const PASSWORD = 'Soak-test-2026!';

async function journey(index, events) {
  const client = { token: null, retries: 0 };
  const must = (result, what) => {
    if (result.status !== 200) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.answer)}`);
    return result.data;
  };
  // Sign-up with the e-mailed code (a retried sign-up whose first try was lost starts afresh).
  let email;
  let registrationId;
  for (let attempt = 0; !registrationId; attempt += 1) {
    email = `soak.${index}.${attempt}.${Date.now().toString(36)}@example.co.ke`;
    const created = await gateway(
      client,
      ['user', 'registration', 'createUser'],
      { email, names: { firstName: 'Wanjiru', lastName: 'Kamau' } },
      'sign-up',
    );
    if (created.status === 200) registrationId = created.data;
    else if (attempt >= 3) must(created, 'createUser');
  }
  const codeStarted = performance.now();
  const code = await latestCode(email, 0);
  record('code e-mailed', performance.now() - codeStarted);
  must(
    await gateway(
      client,
      ['user', 'registration', 'registrationValidation'],
      { registrationId, registrationCode: code },
      'code',
    ),
    'registrationValidation',
  );
  // setPassword signs in; if its answer was lost after it worked, signing in still does.
  await gateway(
    client,
    ['user', 'registration', 'setPassword'],
    { registrationId, username: email, password: PASSWORD },
    'password',
  );
  const session = must(
    await gateway(
      client,
      ['user', 'auth', 'login'],
      { username: email, password: PASSWORD, loginDevice: {} },
      'sign-in',
    ),
    'login',
  );
  client.token = session.accessToken;
  must(
    await gateway(
      client,
      ['client', 'client', 'updateClient'],
      {
        kraPin: 'A123456789X',
        phone: '0712345678',
        address: 'Kenyatta Avenue, Nairobi',
        clientType: 'INDIVIDUAL',
      },
      'kyc',
    ),
    'updateClient',
  );
  must(
    await gateway(
      client,
      ['underwriting', 'product', 'fetchInsuranceClassReccomendations'],
      { insuranceClass: '07', riskValue: 150_000_000, coverType: '' },
      'quote',
    ),
    'quote',
  );
  const plate = `KD${String.fromCharCode(65 + (index % 26))} ${String(100 + (index % 900))}${String.fromCharCode(65 + ((index >> 5) % 26))}`;
  const quotation = must(
    await gateway(
      client,
      ['client', 'quotation', 'createQuotation'],
      {
        risks: [{ riskType: 'ASSET', value: 150_000_000, riskRef: plate, details: {} }],
        bussinessType: 'DIRECT',
        productSystemRef: 'APA-MP-PLUS',
        clientDetails: { email, kraPin: 'A123456789X', names: { fname: 'Wanjiru', lname: 'Kamau' }, kyc: {} },
        coverPeriod: 365,
        quotationChannel: 'web',
        coverDetails: { startDate: today() },
        additionalBenefits: [],
        excesses: [],
        vehicleDetails: {
          make: 'Toyota',
          model: 'Fielder',
          registrationNumber: plate,
          chassisNumber: `JTEBU5JR5K5${String(100000 + index).slice(-6)}`,
          engineNumber: `1NZ-${1000000 + index}`,
          engineCapacity: 1500,
          fuelType: 'Petrol',
          bodyType: 'Station Wagon',
          usePurpose: 'private',
          colour: 'Silver',
          yearOfManufacture: 2018,
          antiTheftDevice: 'no',
          modifications: 'no',
        },
      },
      'quotation',
    ),
    'createQuotation',
  );
  const invoice = must(
    await gateway(
      client,
      ['underwriting', 'quotation', 'completeQuotation'],
      { systemQuotationRef: quotation.systemQuotationRef },
      'invoice',
    ),
    'completeQuotation',
  );
  // Any phone that pays (the simulator's special endings are 01–14).
  const phone = `2547${String(10_000_000 + index * 7919).slice(-8, -2)}${String(20 + (index % 70)).padStart(2, '0')}`;
  const paymentStarted = performance.now();
  // As a person would: ask for the prompt, wait for the invoice to be paid, and ask again when
  // nothing happened for a minute (a prompt lost with an instance is failed by the reconciler).
  const requestPrompt = async () => {
    for (let attempt = 0; ; attempt += 1) {
      const paid = await gateway(
        client,
        ['underwriting', 'accounting', 'invoicePaymentRequest'],
        {
          invoiceSystemRef: invoice.invoiceSystemRef,
          invoicePaymentDetails: { paymentProvider: 'mpesa', params: { PhoneNumber: phone } },
        },
        'M-Pesa prompt',
      );
      // 409: a prompt is already out, or the invoice is paid.
      if (paid.status === 200 || paid.status === 409) return;
      if (attempt >= 5) must(paid, 'invoicePaymentRequest');
      await sleep(2000);
    }
  };
  await requestPrompt();
  events.paymentsRequested += 1;
  let askedAt = performance.now();
  for (;;) {
    const current = must(
      await gateway(client, ['client', 'invoice', 'getInvoice'], {
        invoiceSystemRef: invoice.invoiceSystemRef,
      }),
      'getInvoice',
    );
    if (current.status === 'PAID') break;
    if (performance.now() - paymentStarted > JOURNEY_TIMEOUT_MS)
      throw new Error(`invoice ${invoice.invoiceSystemRef} never paid`);
    if (performance.now() - askedAt > 60_000) {
      client.promptsAgain = (client.promptsAgain ?? 0) + 1;
      await requestPrompt();
      askedAt = performance.now();
    }
    await sleep(500);
  }
  record('paid (prompt to PAID)', performance.now() - paymentStarted);
  for (;;) {
    const policies = must(await gateway(client, ['client', 'policy', 'listPolicies'], {}), 'listPolicies');
    if (policies.length > 0) break;
    if (performance.now() - paymentStarted > JOURNEY_TIMEOUT_MS) throw new Error('no policy');
    await sleep(500);
  }
  record('policy issued (prompt to policy)', performance.now() - paymentStarted);
  return { email, retries: client.retries, promptsAgain: client.promptsAgain ?? 0 };
}

const rssOf = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
const peakRss = new Map();
const sampler = setInterval(() => {
  for (const instance of cluster.instances) {
    const rss = rssOf(instance.child.pid);
    if (rss > (peakRss.get(instance.child.pid) ?? 0)) peakRss.set(instance.child.pid, rss);
  }
}, 500);

const events = { paymentsRequested: 0 };
let killed = null;
const killer = KILL
  ? (async () => {
      while (events.paymentsRequested < Math.ceil(JOURNEYS / 2)) await sleep(50);
      killed = cluster.instances.at(-1);
      killed.child.kill('SIGKILL');
      console.info(
        `kill -9 ${killed.child.pid} (instance on :${killed.port}) after ${events.paymentsRequested} payment prompts`,
      );
    })()
  : Promise.resolve();

const started = performance.now();
const results = await Promise.allSettled(
  Array.from({ length: JOURNEYS }, (_, index) => journey(index + 1, events)),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
if (KILL && !killed) console.info('(no instance was killed: too few payments were requested)');
await Promise.race([killer, sleep(10)]);

const failed = results.filter((result) => result.status === 'rejected');
const emails = results.filter((result) => result.status === 'fulfilled').map((result) => result.value.email);
const retries = results.reduce(
  (sum, result) => sum + (result.status === 'fulfilled' ? result.value.retries : 0),
  0,
);
const promptsAgain = results.reduce(
  (sum, result) => sum + (result.status === 'fulfilled' ? result.value.promptsAgain : 0),
  0,
);

// Every prompt settled: wait for the reconciler to finish what callbacks did not.
let pending = 0;
for (let waited = 0; waited <= 120_000; waited += 1000) {
  pending = (await db.query("select count(*)::int as n from payments where status = 'pending'")).rows[0].n;
  if (pending === 0) break;
  await sleep(1000);
}
const soakUsers = "select id from users where email like 'soak.%'";
// The production path: every live instance serves the web build made before it started, has no
// development pages, and sent the codes by SMTP.
const living = cluster.instances.filter((instance) => instance !== killed);
const builtIndex = readFileSync(join(ROOT, 'apps/web/dist/index.html'), 'utf8');
let notServingBuild = 0;
let withDevPages = 0;
for (const instance of living) {
  const page = await fetch(`${instance.url}/newportal`, { headers: { accept: 'text/html' } });
  if (page.status !== 200 || (await page.text()) !== builtIndex) notServingBuild += 1;
  if ((await fetch(`${instance.url}/dev/mailbox`)).status !== 404) withDevPages += 1;
}
const checks = {
  'journeys lost': failed.length,
  'instances not serving the web build': notServingBuild,
  'instances with development pages (not NODE_ENV=production)': withDevPages,
  'e-mails not sent by SMTP': (
    await db.query(
      "select count(*)::int as n from outbox_emails where \"to\" like 'soak.%' and transport <> 'smtp'",
    )
  ).rows[0].n,
  'invoices of finished journeys not PAID': (
    await db.query(
      "select count(*)::int as n from invoices i join users u on u.id = i.user_id where u.email = any($1) and i.status <> 'PAID'",
      [emails],
    )
  ).rows[0].n,
  'clients with more than one policy': (
    await db.query(
      `select count(*)::int as n from (select user_id from policies where user_id in (${soakUsers}) group by user_id having count(*) > 1) x`,
    )
  ).rows[0].n,
  'invoices with more than one policy': (
    await db.query(
      'select count(*)::int as n from (select invoice_id from policies group by invoice_id having count(*) > 1) x',
    )
  ).rows[0].n,
  'invoices paid more than their amount': (
    await db.query(
      "select count(*)::int as n from (select i.id from invoices i join payments p on p.invoice_id = i.id and p.status = 'success' group by i.id, i.amount having sum(p.amount) > i.amount) x",
    )
  ).rows[0].n,
  'payments still pending': pending,
  'ledger transactions not balanced': (
    await db.query(
      'select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) x',
    )
  ).rows[0].n,
};
const policies = (await db.query(`select count(*)::int as n from policies where user_id in (${soakUsers})`))
  .rows[0].n;
const successes = (
  await db.query(
    `select count(*)::int as n from payments where status = 'success' and user_id in (${soakUsers})`,
  )
).rows[0].n;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
console.info(
  `\n${emails.length}/${JOURNEYS} journeys in ${seconds.toFixed(1)} s: ${(emails.length / seconds).toFixed(2)} journeys/s; ${retries} calls retried after an instance went away`,
);
console.info(
  `${policies} policies, ${successes} successful M-Pesa payments; ${promptsAgain} prompts asked for again after a minute\n`,
);
console.info('step'.padEnd(36), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'count'.padStart(7));
for (const [step, values] of timings)
  console.info(
    step.padEnd(36),
    percentile(values, 50).toFixed(0).padStart(9),
    percentile(values, 95).toFixed(0).padStart(9),
    String(values.length).padStart(7),
  );
console.info('\npeak memory (RSS) per instance:');
for (const instance of cluster.instances)
  console.info(
    `  :${instance.port} ${((peakRss.get(instance.child.pid) ?? 0) / 1048576).toFixed(0)} MB${instance === killed ? ' (killed)' : ''}`,
  );
console.info('\nchecks:');
let ok = true;
for (const [name, value] of Object.entries(checks)) {
  console.info(`  ${value === 0 ? 'ok  ' : 'FAIL'} ${name}: ${value}`);
  if (value !== 0) ok = false;
}
for (const failure of failed.slice(0, 5))
  console.info(`  journey failed: ${failure.reason?.message ?? failure.reason}`);
await cleanUp();
process.exit(ok ? 0 : 1);
