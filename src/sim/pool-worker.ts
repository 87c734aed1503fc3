// A worker thread of a batch: fights the jobs it is sent, one at a time, and sends back the
// figures of each (see pool.ts).
import { runJob } from './pool.js';
import { serveJobs } from './threads.js';

serveJobs(runJob);
