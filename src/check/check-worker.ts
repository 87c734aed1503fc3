// A worker thread of `assault check --workers N`: runs the check files it is sent, one at a time,
// and sends back each one's results (check.ts `runChecks`).
import { checkFile } from './check.js';
import { serveJobs } from '../sim/threads.js';

serveJobs(checkFile);
