// Run as another user by test/cli/sigusr1-inspector.test.ts: what a local attacker does, connecting to Node's
// inspector port on 127.0.0.1 and [::1] over and over, each family's next try as soon as the last one is refused,
// until its stdin closes. Prints `ready` once each family has been tried, a line per connection that succeeded
// (`connected <host>` and the start of what the listener answered to GET /json/list), and at the end
// `attempts <n>`.
import net from 'node:net';

const PORT = 9229;
const HOSTS = ['127.0.0.1', '::1'];
let attempts = 0;
let stopping = false;
const tried = new Set();

function poll(host) {
  if (stopping) return;
  attempts += 1;
  const socket = net.connect({ host, port: PORT });
  const next = () => {
    if (!tried.has(host)) {
      tried.add(host);
      if (tried.size === HOSTS.length) process.stdout.write('ready\n');
    }
    setImmediate(() => poll(host));
  };
  socket.once('error', () => {
    socket.destroy();
    next();
  });
  socket.once('connect', () => {
    // Someone listens: say who, from what it answers, and go on polling meanwhile.
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (c) => (answer += c));
    let said = false;
    const say = () => {
      if (said) return;
      said = true;
      process.stdout.write(`connected ${host} ${JSON.stringify(answer.slice(0, 400))}\n`);
      socket.destroy();
    };
    socket.once('end', say);
    socket.setTimeout(1000, say);
    socket.write('GET /json/list HTTP/1.0\r\nHost: localhost\r\n\r\n');
    next();
  });
}

process.stdin.resume();
process.stdin.on('end', () => {
  stopping = true;
  process.stdout.write(`attempts ${attempts}\n`, () => process.exit(0));
});
for (const host of HOSTS) poll(host);
