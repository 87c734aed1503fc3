// A worker thread of a batch: fights the jobs it is sent, one at a time, and sends back each
// report (see pool.ts).
import { parentPort } from 'node:worker_threads';
import { runJob, type PoolReply, type PoolRequest } from './pool.js';

parentPort!.on('message', (m: PoolRequest) => {
  let reply: PoolReply;
  try {
    reply = { id: m.id, report: runJob(m.job) };
  } catch (e) {
    reply = { id: m.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort!.postMessage(reply);
});
