// The runbook's commands are real: every command in a shell block of docs/operations.md is an npm script of
// package.json, a file under scripts/ (run with tsx), a binary the project installs (npx), or an AWS CLI call whose
// operation the installed AWS SDK v3 client of that service has as a Command, each --option naming a field of that
// command's input. A made-up command or option fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const runbook = join(root, 'docs/operations.md');

/** The AWS CLI's service names and the installed SDK v3 client each maps to. */
const sdkClients: Record<string, string> = {
  cloudwatch: 'client-cloudwatch',
  logs: 'client-cloudwatch-logs',
  'cognito-idp': 'client-cognito-identity-provider',
  dynamodb: 'client-dynamodb',
  lambda: 'client-lambda',
  s3api: 'client-s3',
  secretsmanager: 'client-secrets-manager',
  ses: 'client-ses',
  sns: 'client-sns',
  sqs: 'client-sqs',
  wafv2: 'client-wafv2',
};
/** Options of the CLI itself, not of an operation. */
const globalOptions = new Set([
  'region',
  'profile',
  'output',
  'query',
  'endpoint-url',
  'no-cli-pager',
  'debug',
  'cli-input-json',
  'no-paginate',
  'page-size',
  'starting-token',
]);
/** Options the CLI names differently from the SDK's field (the CLI's own customisations). */
const cliAliases: Record<string, Record<string, string>> = {
  subscribe: { 'notification-endpoint': 'Endpoint' },
};
/** npm's own commands the runbook may use. */
const npmCommands = new Set(['ci', 'outdated', 'ls', 'view']);

export interface ShellCommand {
  /** Where it is: the line of docs/operations.md it starts on. */
  line: number;
  words: string[];
}

/** Every command of the ```sh and ```bash blocks: continuation lines joined, comments and VAR=value prefixes dropped. */
export function shellCommands(markdown: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  const lines = markdown.split('\n');
  let inShell = false;
  let pending: ShellCommand | undefined;
  lines.forEach((text, index) => {
    const fence = /^\s*```(\w*)/.exec(text);
    if (fence) {
      inShell = !inShell && ['sh', 'bash', 'shell'].includes(fence[1]!);
      return;
    }
    if (!inShell) return;
    const code = text.replace(/(^|\s)#.*$/, '').trimEnd();
    if (!pending && !code.trim()) return;
    const continues = code.endsWith('\\');
    const part = continues ? code.slice(0, -1) : code;
    pending = pending ?? { line: index + 1, words: [] };
    pending.words.push(...words(part));
    if (!continues) {
      while (pending.words[0] && /^[A-Z_][A-Z0-9_]*=/.test(pending.words[0])) pending.words.shift();
      if (pending.words.length) commands.push(pending);
      pending = undefined;
    }
  });
  return commands;
}

/** Shell words, quotes kept together (no expansion: the runbook has placeholders such as <TableName>). */
function words(text: string): string[] {
  return [...text.matchAll(/"[^"]*"|'[^']*'|\S+/g)].map(([word]) => word);
}

/** Why a command is not real, or undefined when it is. */
export function problemOf(command: ShellCommand): string | undefined {
  const [program, ...args] = command.words;
  if (program === 'npm') {
    if (args[0] === 'run') {
      const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
      return args[1] && args[1] in scripts ? undefined : `npm run ${args[1]}: no such script in package.json`;
    }
    return npmCommands.has(args[0] ?? '') ? undefined : `npm ${args[0]}: not an npm command the runbook may use`;
  }
  if (program === 'npx') {
    const [bin, ...rest] = args;
    if (bin === 'tsx') {
      const file = rest.find((arg) => !arg.startsWith('-'));
      return file && file.startsWith('scripts/') && existsSync(join(root, file))
        ? undefined
        : `npx tsx ${file}: no such file under scripts/`;
    }
    return bin && existsSync(join(root, 'node_modules/.bin', bin)) ? undefined : `npx ${bin}: not installed`;
  }
  if (program === 'aws') return awsProblem(args);
  return `${program}: not an npm script, a script under scripts/ or an AWS CLI call`;
}

function pascal(kebab: string): string {
  return kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** The field names of the SDK input of a command, from the client's type declarations. */
function inputFields(clientDir: string, commandName: string): Set<string> | undefined {
  const declaration = readFileSync(join(clientDir, 'dist-types/commands', `${commandName}.d.ts`), 'utf8');
  // An operation without parameters declares an empty input of its own.
  if (new RegExp(`interface ${commandName}Input \\{`).test(declaration)) return new Set();
  const inputType = new RegExp(`interface ${commandName}Input extends (\\w+)`).exec(declaration)?.[1];
  if (!inputType) return undefined;
  const modelsDir = join(clientDir, 'dist-types/models');
  for (const file of readdirSync(modelsDir)) {
    const models = readFileSync(join(modelsDir, file), 'utf8');
    const start = models.indexOf(`export interface ${inputType} {`);
    if (start < 0) continue;
    const body = models.slice(start, models.indexOf('\n}', start));
    return new Set([...body.matchAll(/^ {4}(\w+)\??:/gm)].map(([, field]) => field!));
  }
  return undefined;
}

function awsProblem(args: string[]): string | undefined {
  const [service, operation, ...options] = args;
  const client = service ? sdkClients[service] : undefined;
  if (!service || !operation || !client) return `aws ${service} ${operation}: no installed SDK client for "${service}"`;
  const clientDir = join(root, 'node_modules/@aws-sdk', client);
  if (!existsSync(clientDir)) return `aws ${service}: @aws-sdk/${client} is not installed`;
  const commandName = `${pascal(operation)}Command`;
  if (!existsSync(join(clientDir, 'dist-types/commands', `${commandName}.d.ts`))) {
    return `aws ${service} ${operation}: @aws-sdk/${client} has no ${commandName}`;
  }
  const fields = inputFields(clientDir, commandName);
  if (!fields) return `aws ${service} ${operation}: the input of ${commandName} was not found`;
  const normalised = new Map([...fields].map((field) => [field.toLowerCase(), field]));
  for (const option of options.filter((word) => word.startsWith('--'))) {
    const name = option.slice(2).split('=')[0]!;
    if (globalOptions.has(name)) continue;
    const alias = cliAliases[operation]?.[name];
    const bare = name.startsWith('no-') ? name.slice(3) : name;
    const field = alias ?? normalised.get(name.replaceAll('-', '')) ?? normalised.get(bare.replaceAll('-', ''));
    if (!field || !fields.has(field)) return `aws ${service} ${operation} ${option}: ${commandName} has no such input`;
  }
  return undefined;
}

describe('the runbook (docs/operations.md)', () => {
  const commands = shellCommands(readFileSync(runbook, 'utf8'));

  it('has shell commands, AWS CLI calls among them', () => {
    expect(commands.length).toBeGreaterThan(20);
    expect(commands.filter((command) => command.words[0] === 'aws').length).toBeGreaterThan(15);
  });

  it('names only npm scripts, scripts/ files, installed binaries and AWS CLI calls the SDK has, with real options', () => {
    const problems = commands.flatMap((command) => {
      const problem = problemOf(command);
      return problem ? [`docs/operations.md:${command.line}: ${problem}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('refuses a made-up operation, a made-up option, a missing script and an unknown program', () => {
    const check = (text: string) => problemOf(shellCommands(`\`\`\`sh\n${text}\n\`\`\`\n`)[0]!);
    expect(check('aws dynamodb restore-table-to-point-in-time --source-table-name T --target-table-name U')).toBe(
      undefined,
    );
    expect(check('aws dynamodb restore-table-to-yesterday --source-table-name T')).toMatch(
      /has no RestoreTableToYesterdayCommand/,
    );
    expect(check('aws dynamodb restore-table-to-point-in-time --source-table-name T --undo-everything')).toMatch(
      /--undo-everything: RestoreTableToPointInTimeCommand has no such input/,
    );
    expect(check('aws xray get-trace-summaries')).toMatch(/no installed SDK client/);
    expect(check('npm run restore:everything')).toMatch(/no such script/);
    expect(check('npx tsx scripts/restore-everything.ts')).toMatch(/no such file/);
    expect(check('curl https://example.org')).toMatch(/not an npm script/);
    expect(check('TABLE_NAME=T npm run backfill:lists')).toBe(undefined);
  });
});
