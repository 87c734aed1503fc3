// Colour only for a terminal: off when piped, with NO_COLOR set, or with --no-color.
import { Chalk, type ChalkInstance } from 'chalk';

export function useColor(stream: NodeJS.WriteStream, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  return Boolean(stream.isTTY);
}

export function painter(enabled: boolean): ChalkInstance {
  return new Chalk({ level: enabled ? 1 : 0 });
}
