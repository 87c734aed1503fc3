// A worker thread of `sim`: fights the ranges of runs it is handed (run.ts `inWorkers`) into one
// aggregate, reports each as done, and sends the aggregate when told to finish (at the end, or
// on Ctrl-C with what it has so far).
import { parentPort, workerData } from 'node:worker_threads';
import { Aggregate, limitsOf } from '../report/aggregate.js';
import { readEditionFiles } from '../io/edition.js';
import { Fights, type WorkerJob, type WorkerMessage, type WorkerOrder } from './run.js';

const job = workerData as WorkerJob;
// the edition files the scenario's ruleset may come from, as this thread's starter read them
readEditionFiles(job.editions);
const agg = new Aggregate(limitsOf(job.scenario));
// built as this thread's are, for the sim's runs (a worker is started only for a long run: its kernel is compiled)
const fights = new Fights(job.scenario, job.seed, false, job.runs);

function send(m: WorkerMessage): void {
  parentPort!.postMessage(m);
}

parentPort!.on('message', (o: WorkerOrder) => {
  if (o.type === 'finish') return send({ type: 'done', agg: agg.serialize() });
  fights.range(o.from, o.to, agg);
  send({ type: 'progress', done: o.to - o.from + 1 });
});
