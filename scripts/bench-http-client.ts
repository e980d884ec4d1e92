// The bench's HTTP client for call overhead, run as a process of its own (bench-calls.ts forks it) so that it does
// not share the local stack's event loop, as a browser would not. One POST of one call per message from the
// parent, on one keep-alive connection, timed here from writing the request to the last byte of the answer; the
// parent interleaves them with its own measurements so all see the same machine.
// Input: one JSON argument ({url, token, origin, data}). Each 'request' message is answered with {ms} (or
// {error}); 'stop' ends the process.
import { Agent, request } from 'node:http';

interface Options {
  url: string;
  token: string;
  origin: string;
  data: unknown;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const body = Buffer.from(JSON.stringify({ data: options.data }));
const headers = {
  'content-type': 'application/json',
  'content-length': String(body.length),
  origin: options.origin,
  authorization: `Bearer ${options.token}`,
};

function post(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(options.url, { method: 'POST', agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

async function timed(): Promise<{ ms: number } | { error: string }> {
  try {
    const started = performance.now();
    const status = await post();
    const ms = performance.now() - started;
    return status === 200 ? { ms } : { error: `${options.url} answered ${status}` };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

process.on('message', (message) => {
  if (message === 'stop') {
    agent.destroy();
    process.disconnect();
    return;
  }
  void timed().then((answer) => process.send!(answer));
});
