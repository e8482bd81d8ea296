// A minimal SMTP server that accepts every message and appends it to a file: production sends its
// e-mails by SMTP (SMTP_URL is required there), and the cluster runs the production way. No TLS, no
// authentication: it listens on loopback only.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Starts the sink on a free loopback port; answers its `smtp://` URL and a stop function. */
export function startSmtpSink(file) {
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let message = '';
    const say = (line) => socket.write(`${line}\r\n`);
    say('220 bima-cluster ESMTP sink');
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            appendFileSync(file, `${message}\n\n`);
            message = '';
            say('250 OK: queued');
          } else message += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          say('250-bima-cluster');
          say('250 8BITMIME');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          say('221 Bye');
          socket.end();
        } else say('250 OK');
      }
    });
    socket.on('error', () => undefined);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        file,
        stop: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
