// Where output goes: the width text is laid out for, stdout, files the user asked for (only
// regular files, checked before the work), and output that cannot be written (a closed pipe
// ends quietly, anything else is one line and exit 2).
import { accessSync, constants, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../index.js';

/** The width text is laid out for: --width, else $COLUMNS, else the terminal's, else 80. */
export function outputWidth(program: Command): number {
  const flag = program.opts().width as number | undefined;
  if (flag) return flag;
  const env = Number(process.env.COLUMNS);
  if (Number.isInteger(env) && env >= 40) return env;
  return process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 80;
}

export function out(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Write a file the user asked for (--junit, --html), making the folders on its way that are not
 * there yet (as pytest's --junitxml does); one that cannot be made or written is a usage error.
 */
export function writeOutput(file: string, text: string, what: string): void {
  checkWritable(file, what);
  try {
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(file, text);
  } catch (e) {
    throw new UsageError(`cannot write ${what} ${file}: ${writeError(e)}`);
  }
}

/**
 * Fail before the work, not after it, when an output file cannot be written: the nearest folder
 * on its way that is there must be a folder we may write in (the rest is made when it is written).
 */
export function checkWritable(file: string, what: string): void {
  if (file === '') throw new UsageError(`${what}: give a file name`);
  let dir = dirname(resolve(file));
  for (;;) {
    let st;
    try {
      st = statSync(dir);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // not there yet (or a file further up): look further up
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(dir) !== dir) {
        dir = dirname(dir);
        continue;
      }
      throw new UsageError(`cannot write ${what} ${file}: ${writeError(e)}`);
    }
    if (!st.isDirectory()) throw new UsageError(`cannot write ${what} ${file}: ${dir} is a file, not a folder`);
    break;
  }
  try {
    accessSync(dir, constants.W_OK);
  } catch (e) {
    throw new UsageError(`cannot write ${what} ${file}: ${writeError(e)}${dir === dirname(resolve(file)) ? '' : ` (in ${dir})`}`);
  }
  // a FIFO or a device would block or swallow the output: only a regular file (or a new one)
  let st;
  try {
    st = statSync(file);
  } catch {
    return; // not there yet: it will be created
  }
  if (!st.isFile()) throw new UsageError(`cannot write ${what} ${file}: ${st.isDirectory() ? 'it is a directory' : 'not a regular file'}`);
}

export function writeError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: 'its folder does not exist', EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device', EISDIR: 'it is a directory', ENOTDIR: 'a folder on its path is a file',
  };
  return (code && Object.hasOwn(words, code) ? words[code] : undefined) ?? (e instanceof Error ? e.message : String(e));
}

/**
 * Output that cannot be written: a closed pipe (`| head -1`) ends the program quietly; anything
 * else (a full disk) is reported in one line, exit 2.
 */
export function guardOutput(): void {
  const onError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    try {
      process.stderr.write(`assault: cannot write the output: ${writeError(e)}\n`);
    } catch {
      /* stderr is gone too */
    }
    process.exit(2);
  };
  process.stdout.on('error', onError);
  process.stderr.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? 0 : 2));
}
