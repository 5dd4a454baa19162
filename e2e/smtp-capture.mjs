// A local SMTP server for the browser tests: the app sends real mail to it over SMTP_URL, and it
// writes each message (envelope and raw MIME) as JSON into MAIL_DIR for the tests to read.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_PORT ?? 2525);
const dir = process.env.MAIL_DIR;
if (!dir) throw new Error('MAIL_DIR is required');
mkdirSync(dir, { recursive: true });
let n = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      const file = path.join(dir, `${Date.now()}-${String(++n).padStart(5, '0')}.json`);
      // Written under another name and renamed: a test reading the folder meanwhile sees the whole
      // message or none of it (a half-written one failed a test once, as JSON cut short).
      writeFileSync(`${file}.part`, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
      renameSync(`${file}.part`, file);
      callback();
    });
  },
});
server.listen(port, '127.0.0.1', () => console.log(`smtp capture on ${port}, writing to ${dir}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
