// A worker thread of `sim`: fights its share of the runs in chunks, reports progress, and
// answers 'stop' (Ctrl-C) with what it has so far.
import { parentPort, workerData } from 'node:worker_threads';
import { Aggregate, limitsOf } from './aggregate.js';
import { simulateRange, type WorkerJob, type WorkerMessage } from './run.js';

const job = workerData as WorkerJob;
const agg = new Aggregate(limitsOf(job.scenario));
let stopped = false;
parentPort!.on('message', (m) => {
  if (m === 'stop') stopped = true;
});

function send(m: WorkerMessage): void {
  parentPort!.postMessage(m);
}

function step(from: number): void {
  if (stopped || from > job.to) {
    send({ type: 'done', agg: agg.serialize() });
    return;
  }
  const to = Math.min(job.to, from + job.chunk - 1);
  simulateRange(job.scenario, job.seed, from, to, agg);
  send({ type: 'progress', done: agg.runs });
  setImmediate(() => step(to + 1));
}

step(job.from);
