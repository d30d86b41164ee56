// A bench's figures kept with the benches: what it prints, written to bench/results/<name>.md under
// a header that says how, when, where and on which code it was measured (the command with the
// knobs it was given, the date, the machine, Node, the commit), so a figure quoted elsewhere can be
// traced to its run. On by default; BENCH_RESULTS=0 leaves the file as it is.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'node:util';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const resultsDir = path.join(repoRoot, 'bench', 'results');

export interface BenchResultOptions {
  /** The npm script that runs the bench, when it is not `bench:<name>` (`npm run bench` writes run.md). */
  script?: string;
  /** What the bench measures, after the script in the file's heading. */
  title?: string;
  /**
   * The knobs the bench reads from the environment: those set for the run are written before the
   * command, so it can be run again alike. Never a secret (DATABASE_URL): the file is committed.
   */
  env?: string[];
}

export interface BenchResultHeader {
  command: string;
  date: string;
  machine: string;
  node: string;
  commit: string;
}

/** The machine: CPU model, cores, memory, operating system. */
export function describeMachine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() || 'unknown CPU';
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${model}, ${cpus.length} cores, ${memory} GiB, ${os.platform()} ${os.release()}`;
}

/**
 * The commit measured, and whether the work tree differed from it. The results directory itself is
 * left out: a bench that wrote its file would otherwise mark every later run as uncommitted.
 */
export function describeCommit(git: (args: string[]) => string = runGit): string {
  try {
    const commit = git(['rev-parse', '--short', 'HEAD']).trim();
    const changes = git(['status', '--porcelain', '--', '.', ':(exclude)bench/results']).trim();
    return changes ? `${commit} + uncommitted changes` : commit;
  } catch {
    return 'unknown (no git repository or no git)';
  }
}

function runGit(args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** `NAME=value … npm run <script>`, with the knobs set in `env` among `names`, quoted for a shell. */
export function commandLine(
  script: string,
  names: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): string {
  const quote = (value: string) =>
    /^[\w.,:/@%+=-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
  const knobs = names.flatMap((name) => {
    const value = env[name];
    return value === undefined ? [] : [`${name}=${quote(value)}`];
  });
  return [...knobs, `npm run ${script}`].join(' ');
}

/** `text` in a fenced block whose fence no run of backticks inside it can close. */
export function fenced(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${text}\n${fence}`;
}

/** The file: a heading, the header, then the printed lines as printed (trailing spaces and blank ends trimmed). */
export function renderBenchResult(
  script: string,
  title: string | undefined,
  header: BenchResultHeader,
  lines: string[],
): string {
  const printed = lines
    .flatMap((line) => line.split('\n'))
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
  return [
    `# ${script}${title ? ` — ${title}` : ''}`,
    '',
    `- Command: \`${header.command}\``,
    `- Date: ${header.date}`,
    `- Machine: ${header.machine}`,
    `- Node: ${header.node}`,
    `- Commit: ${header.commit}`,
    '',
    fenced(printed),
    '',
  ].join('\n');
}

/** Writes bench/results/<name>.md and prints its path; returns it, or undefined when BENCH_RESULTS=0. */
export function writeBenchResult(
  name: string,
  lines: string[],
  options: BenchResultOptions = {},
): string | undefined {
  if (process.env.BENCH_RESULTS === '0') return undefined;
  const script = options.script ?? `bench:${name}`;
  const header: BenchResultHeader = {
    command: commandLine(script, options.env),
    date: new Date().toISOString(),
    machine: describeMachine(),
    node: process.version,
    commit: describeCommit(),
  };
  const file = path.join(resultsDir, `${name}.md`);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(file, renderBenchResult(script, options.title, header, lines));
  console.log(`\nresults written to ${path.relative(process.cwd(), file) || file}`);
  return file;
}

export interface BenchResults {
  /** console.log's arguments, printed as console.log prints them and kept for the file. */
  log(...values: unknown[]): void;
  /** Writes what was logged to bench/results/<name>.md (writeBenchResult). */
  write(): string | undefined;
}

/** A bench's printer: each line goes to stdout and, at the end of the run, to its results file. */
export function benchResults(name: string, options: BenchResultOptions = {}): BenchResults {
  const lines: string[] = [];
  return {
    log(...values) {
      const line = format(...values);
      console.log(line);
      lines.push(line);
    },
    write: () => writeBenchResult(name, lines, options),
  };
}
