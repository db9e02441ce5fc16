import fs from 'node:fs';
import path from 'node:path';
import { validateApplicationDefinition } from '@der/contracts';
import { ConfigError, loadConfig, REPO_ROOT } from '../../config/env.ts';
import { translateError } from '../../i18n/messages.ts';
import { type Database, openDatabase } from '../../infra/db/database.ts';
import { PgliteLockedError } from '../../infra/db/pglite-lock.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { createAuditService } from '../../modules/audit/audit.service.ts';
import { importApplicationDefinition, parseDefinitionText } from './definition-import.ts';
import { readDefinitionDocument } from './definitions.service.ts';

/*
 * `npm run definitions -- <command>`: application definition files from the command line, on the same
 * database as the server (DATA_DIR's PGlite or DATABASE_URL, read from the environment and .env).
 *
 *   import FILE         validates and imports a definition (a version above the installed one)
 *   export KEY [FILE]   writes the current definition of an application (to stdout without FILE)
 *   validate FILE       checks a file without opening the database
 *
 * Exit status 0 on success, 1 on any refusal (each problem is printed), 2 on wrong usage.
 */

const USAGE = `Usage: npm run definitions -- <command>
  import FILE         validate and import an application definition file (JSON)
  export KEY [FILE]   write the current definition of an application (stdout without FILE)
  validate FILE       check a definition file (no database needed)`;

class CliError extends Error {}

/** Where relative paths are read from: the caller's folder (npm runs scripts from the repository root). */
const callerDir = () => process.env.INIT_CWD ?? process.cwd();

function readDocument(file: string | undefined): unknown {
  if (!file) throw new CliError(USAGE);
  const absolute = path.resolve(callerDir(), file);
  if (!fs.existsSync(absolute)) throw new CliError(`File not found: ${absolute}`);
  return parseDefinitionText(fs.readFileSync(absolute, 'utf8'));
}

async function openConfiguredDatabase(): Promise<{ database: Database; publicUrl: string }> {
  const envFile = path.join(REPO_ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, maxConnections: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: config.pgliteDir, lockFile: config.pgliteLockFile });
  return { database, publicUrl: config.publicUrl };
}

async function withDatabase<T>(work: (database: Database, publicUrl: string) => Promise<T>): Promise<T> {
  const { database, publicUrl } = await openConfiguredDatabase();
  try {
    // A fresh data folder gets the schema the server would create (idempotent otherwise).
    await database.migrate();
    return await work(database, publicUrl);
  } finally {
    await database.close();
  }
}

function validate(file: string | undefined): void {
  const result = validateApplicationDefinition(readDocument(file));
  if (!result.ok) {
    for (const error of result.errors)
      process.stderr.write(`${error.path || '(document)'}: ${error.message}\n`);
    throw new CliError(`The definition is invalid (${result.errors.length} problem(s)).`);
  }
  const { key, version, components } = result.definition;
  process.stdout.write(`Valid: "${key}" version ${version}, ${components.length} component(s).\n`);
}

async function importFile(file: string | undefined): Promise<void> {
  const document = readDocument(file);
  const result = await withDatabase((database, publicUrl) =>
    importApplicationDefinition(database.db, document, {
      actorUserId: null,
      fileName: path.basename(file ?? ''),
      publicUrl,
      now: new Date(),
      audit: createAuditService({ now: () => new Date() }),
    }),
  );
  const list = (ids: number[]) => (ids.length > 0 ? ids.join(', ') : 'none');
  process.stdout.write(
    `Imported "${result.key}" version ${result.version} into application ${result.applicationId}` +
      `${result.created ? ' (new)' : ''}.\n` +
      `Components added: ${list(result.componentsAdded)}; updated: ${list(result.componentsUpdated)}; ` +
      `removed (items kept): ${list(result.componentsRemoved)}.\n`,
  );
  if (result.groupsCreated.length > 0)
    process.stdout.write(`Groups created (empty): ${result.groupsCreated.join(', ')}.\n`);
}

async function exportDefinition(key: string | undefined, file: string | undefined): Promise<void> {
  if (!key) throw new CliError(USAGE);
  const document = await withDatabase((database) => readDefinitionDocument(database.db, key));
  if (!document) throw new CliError(`No application definition with the key "${key}".`);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (!file) {
    process.stdout.write(text);
    return;
  }
  const absolute = path.resolve(callerDir(), file);
  fs.writeFileSync(absolute, text);
  process.stderr.write(`Wrote "${key}" version ${document.version} to ${absolute}.\n`);
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

async function main(argv: string[]): Promise<number> {
  const [command, first, second] = argv;
  try {
    switch (command) {
      case 'validate':
        validate(first);
        return 0;
      case 'import':
        await importFile(first);
        return 0;
      case 'export':
        await exportDefinition(first, second);
        return 0;
      default:
        process.stderr.write(`${USAGE}\n`);
        return 2;
    }
  } catch (error) {
    process.stderr.write(`${describeFailure(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
