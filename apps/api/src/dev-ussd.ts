import type { FastifyInstance } from 'fastify';
import type { Config } from './config';

/*
 * `/dev/ussd` (issue 32, development only, registered by dev-tools.ts on loopback): a phone screen
 * for trying the USSD menus by hand. It drives the real callback, `POST /v2/api/ussd`, exactly as
 * Africa's Talking does — form fields sessionId (its own, one per dial), serviceCode, phoneNumber,
 * networkCode and text (every answer so far joined with "*") — and shows the `CON`/`END` screen.
 * The page's script is served beside it (`/dev/ussd.js`): the portal's CSP allows no inline script.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:24rem;margin:1rem auto;padding:0 1rem;color:#0f172a}
h1{font-size:1.3rem}.hint{color:#475569;font-size:.9rem}
.phone{border:2px solid #0f172a;border-radius:1.5rem;padding:1rem;background:#f8fafc}
label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input{box-sizing:border-box;width:100%;font-size:1.1rem;padding:.6rem;border:1px solid #64748b;border-radius:.5rem}
.screen{min-height:9rem;margin:.75rem 0;padding:.75rem;border-radius:.5rem;background:#dcfce7;border:1px solid #15803d;
white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:1rem;overflow-wrap:anywhere}
.screen.ended{background:#e2e8f0;border-color:#475569}
.buttons{display:flex;gap:.5rem;margin-top:.75rem}
button{flex:1;min-height:2.75rem;font-size:1rem;font-weight:600;border:0;border-radius:.5rem;background:#15803d;color:#fff}
button.cancel{background:#b91c1c}button:disabled{opacity:.5}
[hidden]{display:none!important}.error{color:#b91c1c;font-weight:600}`;

/** The page's behaviour: one dial is one sessionId; each answer re-posts every answer so far. */
const SCRIPT = `(() => {
  const $ = (id) => document.getElementById(id);
  const screen = $('ussd-screen'), state = $('ussd-state'), error = $('ussd-error');
  const dialForm = $('ussd-dial'), replyForm = $('ussd-reply'), answer = $('ussd-answer');
  const serviceCode = document.body.dataset.serviceCode;
  let session = null;
  const newSessionId = () => 'dev-' + Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
  const show = (text, ended, note) => {
    screen.textContent = text;
    screen.classList.toggle('ended', ended);
    state.textContent = note;
    replyForm.hidden = ended;
    dialForm.hidden = !ended;
    if (!ended) { answer.value = ''; answer.focus(); }
  };
  const sendButton = $('ussd-send');
  // One request at a time, as a phone waits for its screen: the answer is typed once the screen is there.
  const busy = (yes) => { answer.disabled = yes; sendButton.disabled = yes; };
  async function send() {
    error.textContent = '';
    busy(true);
    const body = new URLSearchParams({
      sessionId: session.id, serviceCode, phoneNumber: session.phone, networkCode: '63902', text: session.answers.join('*'),
    });
    let text;
    try {
      const response = await fetch('/v2/api/ussd', { method: 'POST', body });
      text = await response.text();
      if (!/^(CON|END) /.test(text)) throw new Error('HTTP ' + response.status + ': ' + text.slice(0, 200));
    } catch (problem) {
      error.textContent = 'The USSD callback did not answer: ' + problem.message;
      return;
    } finally {
      busy(false);
    }
    const ended = text.startsWith('END ');
    show(text.slice(4), ended, ended ? 'Session ended.' : 'Waiting for your answer.');
    if (ended) session = null;
  }
  dialForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const phone = $('ussd-phone').value.trim();
    if (!phone) { error.textContent = 'Enter the phone number to dial from.'; return; }
    session = { id: newSessionId(), phone, answers: [] };
    screen.textContent = 'Dialling ' + serviceCode + '…';
    void send();
  });
  replyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!session || sendButton.disabled) return;
    session.answers.push(answer.value.trim());
    void send();
  });
  $('ussd-cancel').addEventListener('click', () => {
    session = null;
    show('', true, 'Cancelled. Dial again to start a new session.');
  });
})();
`;

function page(config: Config): string {
  const code = escapeHtml(config.USSD_SERVICE_CODE);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>USSD phone · Bima Portal</title>
<style>${STYLE}</style><script src="/dev/ussd.js" defer></script></head>
<body data-service-code="${code}"><main>
<h1>USSD phone</h1>
<p class="hint">Dial ${code} as a phone on Africa's Talking would (development only): each answer goes to
<code>POST /v2/api/ussd</code> with the same form fields. A client's verified phone sees the personal menus.</p>
<div class="phone">
<form id="ussd-dial">
<label for="ussd-phone">Phone number</label>
<input id="ussd-phone" name="phoneNumber" type="tel" autocomplete="tel" value="+254" required>
<div class="buttons"><button type="submit">Dial ${code}</button></div>
</form>
<section aria-label="Phone screen"><div id="ussd-screen" class="screen ended" role="status" aria-live="polite"></div></section>
<p id="ussd-state" class="hint"></p>
<form id="ussd-reply" hidden>
<label for="ussd-answer">Answer</label>
<input id="ussd-answer" name="answer" autocomplete="off">
<div class="buttons"><button type="submit" id="ussd-send">Send</button><button type="button" id="ussd-cancel" class="cancel">Cancel</button></div>
</form>
<p id="ussd-error" class="error" role="alert"></p>
</div></main></body></html>`;
}

export async function devUssdPlugin(app: FastifyInstance, options: { config: Config }): Promise<void> {
  app.get('/dev/ussd', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(options.config)),
  );
  app.get('/dev/ussd.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(SCRIPT),
  );
}
