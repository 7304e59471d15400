// The layers of src/, from the top: a module may import from its own layer and
// the layers below it, never from one above, and no chain of imports may come
// back to where it started. `npm run check:layers` prints every problem at once.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** Each layer as the paths (files, or folders ending in "/") under the root that belong to it. */
export const LAYERS: readonly { name: string; paths: readonly string[] }[] = [
  { name: 'entry points', paths: ['src/index.ts', 'src/index.cts', 'src/cli.ts', 'src/cli/', 'src/simulator.ts'] },
  { name: 'app', paths: ['src/app.ts'] },
  { name: 'http', paths: ['src/http/'] },
  { name: 'session', paths: ['src/session/'] },
  // The two doors' own code: neither imports the other (what they share is a domain rule).
  { name: 'operations', paths: ['src/operations/', 'src/userapi/'] },
  { name: 'domain', paths: ['src/domain/'] },
  { name: 'store', paths: ['src/store/'] },
  { name: 'schemas', paths: ['src/schemas.ts', 'src/schema-files.ts', 'src/schema-forms.ts', 'src/examples.ts'] },
  { name: 'ground', paths: ['src/lib/', 'src/errors.ts', 'src/sections.ts', 'src/paths.ts', 'src/generated/'] },
];

/** The index of the layer a file (a path relative to the root, with "/") belongs to, or undefined. */
export function layerOf(file: string): number | undefined {
  const found = LAYERS.findIndex((layer) => layer.paths.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)));
  return found === -1 ? undefined : found;
}

/** The files of the tree a module's relative imports name (specifiers ending in .js name the .ts file). */
export function importsOf(file: string, source: string): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return importedFiles
    .map((entry) => entry.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name.replace(/\.(c|m)?js$/, '.$1ts'))));
}

export type Graph = ReadonlyMap<string, readonly string[]>;

/** Every import of a module from a layer above its own, as a sentence. */
export function upwardImports(graph: Graph): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    const own = layerOf(file);
    if (own === undefined) {
      problems.push(`${file} is in no layer: add it to LAYERS in scripts/layers.ts`);
      continue;
    }
    for (const target of targets) {
      const theirs = layerOf(target);
      if (theirs !== undefined && theirs < own) {
        problems.push(`${file} (${LAYERS[own].name}) imports ${target} (${LAYERS[theirs].name}), a layer above it`);
      }
    }
  }
  return problems;
}

/** Each import cycle once, as the files around it ("a -> b -> a"). */
export function cycles(graph: Graph): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    const at = onPath.indexOf(file);
    if (at !== -1) {
      found.push([...onPath.slice(at), file].join(' -> '));
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const target of graph.get(file) ?? []) visit(target);
    onPath.pop();
    done.add(file);
  };
  for (const file of [...graph.keys()].sort()) visit(file);
  return found;
}

/** The import graph of src/ under `root`: each module and the modules of src/ it imports. */
export function readGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.c?ts$/.test(entry.name)) {
        const targets = importsOf(file, fs.readFileSync(path.join(root, file), 'utf8'));
        graph.set(
          file,
          targets.filter((target) => target.startsWith('src/')),
        );
      }
    }
  };
  walk('src');
  return graph;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const graph = readGraph(process.cwd());
  const problems = [...upwardImports(graph), ...cycles(graph).map((cycle) => `import cycle: ${cycle}`)];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`${graph.size} modules in ${LAYERS.length} layers: no import runs up, no cycle`);
}
