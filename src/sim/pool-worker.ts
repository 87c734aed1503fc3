// A worker thread of a batch: fights the jobs it is sent, one at a time, and sends back each
// report (see pool.ts).
import { runJob } from './pool.js';
import { serveJobs } from './threads.js';

serveJobs(runJob);
