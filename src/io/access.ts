// What io/ lends an edition that reads its own files (engine/edition.ts, `FileAccess`): the
// roster lookup of a Loader, and files read as located YAML.
import type { FileAccess } from '../engine/edition.js';
import type { Loader } from './loader.js';
import { Unreadable, unreadableAt } from './readtext.js';
import { YamlFile } from './yamlfile.js';

/** `loader`'s roster lookup, and YAML files read; a file that cannot be read is a problem located at it. */
export function fileAccess(loader: Loader): FileAccess {
  return {
    rosterPath: (stem, fromFile) => loader.rosterPath(stem, fromFile),
    knownStems: (fromFile) => loader.knownStems(fromFile),
    readYaml(file, what) {
      try {
        return YamlFile.read(file);
      } catch (e) {
        if (e instanceof Unreadable) return { file, line: 0, col: 0, path: '', message: unreadableAt(what, e) };
        throw e;
      }
    },
  };
}
