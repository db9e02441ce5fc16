import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { validateApplicationDefinition } from '@der/contracts';
import { ConfigError, loadConfig, REPO_ROOT } from '../../config/env.ts';
import { translateError } from '../../i18n/messages.ts';
import { type Database, openDatabase } from '../../infra/db/database.ts';
import { PgliteLockedError } from '../../infra/db/pglite-lock.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { createAuditService } from '../../modules/audit/audit.service.ts';
import { importApplicationDefinition, parseDefinitionText } from './definition-import.ts';
import { readDefinitionDocument } from './definitions.service.ts';

/** Where a command reads its settings and relative paths from, and writes what it says. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  /** The caller's folder, for relative file names. */
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
}

const USAGE = `Usage: npm run definitions -- <command>
  import FILE         validate and import an application definition file (JSON)
  export KEY [FILE]   write the current definition of an application (stdout without FILE)
  validate FILE       check a definition file (no database needed)`;

class CliError extends Error {}

function readDocument(io: CommandIo, file: string | undefined): unknown {
  if (!file) throw new CliError(USAGE);
  const absolute = path.resolve(io.cwd, file);
  if (!fs.existsSync(absolute)) throw new CliError(`File not found: ${absolute}`);
  return parseDefinitionText(fs.readFileSync(absolute, 'utf8'));
}

async function openConfiguredDatabase(io: CommandIo): Promise<{ database: Database; publicUrl: string }> {
  const envFile = path.join(REPO_ROOT, '.env');
  // The environment wins over .env, as process.loadEnvFile would have it.
  const fromFile = fs.existsSync(envFile) ? parseEnv(fs.readFileSync(envFile, 'utf8')) : {};
  const config = loadConfig({ ...fromFile, ...io.env });
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, maxConnections: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: config.pgliteDir, lockFile: config.pgliteLockFile });
  return { database, publicUrl: config.publicUrl };
}

async function withDatabase<T>(
  io: CommandIo,
  work: (database: Database, publicUrl: string) => Promise<T>,
): Promise<T> {
  const { database, publicUrl } = await openConfiguredDatabase(io);
  try {
    // A fresh data folder gets the schema the server would create (idempotent otherwise).
    await database.migrate();
    return await work(database, publicUrl);
  } finally {
    await database.close();
  }
}

function validate(io: CommandIo, file: string | undefined): void {
  const result = validateApplicationDefinition(readDocument(io, file));
  if (!result.ok) {
    for (const error of result.errors) io.stderr(`${error.path || '(document)'}: ${error.message}\n`);
    throw new CliError(`The definition is invalid (${result.errors.length} problem(s)).`);
  }
  const { key, version, components } = result.definition;
  io.stdout(`Valid: "${key}" version ${version}, ${components.length} component(s).\n`);
}

async function importFile(io: CommandIo, file: string | undefined): Promise<void> {
  const document = readDocument(io, file);
  const result = await withDatabase(io, (database, publicUrl) =>
    importApplicationDefinition(database.db, document, {
      actorUserId: null,
      fileName: path.basename(file ?? ''),
      publicUrl,
      now: new Date(),
      audit: createAuditService({ now: () => new Date() }),
    }),
  );
  const list = (ids: number[]) => (ids.length > 0 ? ids.join(', ') : 'none');
  io.stdout(
    `Imported "${result.key}" version ${result.version} into application ${result.applicationId}` +
      `${result.created ? ' (new)' : ''}.\n` +
      `Components added: ${list(result.componentsAdded)}; updated: ${list(result.componentsUpdated)}; ` +
      `removed (items kept): ${list(result.componentsRemoved)}.\n`,
  );
  if (result.groupsCreated.length > 0)
    io.stdout(`Groups created (empty): ${result.groupsCreated.join(', ')}.\n`);
}

async function exportDefinition(
  io: CommandIo,
  key: string | undefined,
  file: string | undefined,
): Promise<void> {
  if (!key) throw new CliError(USAGE);
  const document = await withDatabase(io, (database) => readDefinitionDocument(database.db, key));
  if (!document) throw new CliError(`No application definition with the key "${key}".`);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (!file) {
    io.stdout(text);
    return;
  }
  const absolute = path.resolve(io.cwd, file);
  fs.writeFileSync(absolute, text);
  io.stderr(`Wrote "${key}" version ${document.version} to ${absolute}.\n`);
}

/** The text an operator reads for a refusal: every problem of an invalid file, the translated message else. */
function describeFailure(error: unknown): string {
  if (error instanceof CliError || error instanceof ConfigError) return error.message;
  if (error instanceof PgliteLockedError)
    return (
      'The server is running and holds the database (PGlite serves one process at a time). Stop the server ' +
      'and run the command again, or upload the file in the administration area ("Definições de aplicações").' +
      `\n${error.message}`
    );
  if (isAppError(error)) {
    if (error.code === 'DEFINITION_INVALID' && Array.isArray(error.details)) {
      const lines = (error.details as Array<{ path: string; message: string }>).map(
        (issue) => `  ${issue.path || '(document)'}: ${issue.message}`,
      );
      return `${translateError(error.code, 'en')}\n${lines.join('\n')}`;
    }
    const params = (error.details as { params?: Record<string, string> } | undefined)?.params ?? {};
    return translateError(error.code, 'en', params);
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * One command of `npm run definitions`: its exit status (0 success, 1 refusal, 2 wrong usage), its output
 * written through `io`, so tests run it in process (a Node start per command costs seconds).
 */
export async function runDefinitionsCommand(argv: string[], io: CommandIo): Promise<number> {
  const [command, first, second] = argv;
  try {
    switch (command) {
      case 'validate':
        validate(io, first);
        return 0;
      case 'import':
        await importFile(io, first);
        return 0;
      case 'export':
        await exportDefinition(io, first, second);
        return 0;
      default:
        io.stderr(`${USAGE}\n`);
        return 2;
    }
  } catch (error) {
    io.stderr(`${describeFailure(error)}\n`);
    return 1;
  }
}
