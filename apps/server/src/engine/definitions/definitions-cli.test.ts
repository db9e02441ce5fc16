import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDefinition } from '../../../test/fixtures/test-definition.ts';
import { runDefinitionsCommand } from './definitions-commands.ts';

const CLI = fileURLToPath(new URL('./definitions-cli.ts', import.meta.url));
let folder: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command as `npm run definitions` would, in this process, on a temporary DATA_DIR. */
async function runCli(args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(folder, 'data'), LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  let stdout = '';
  let stderr = '';
  const code = await runDefinitionsCommand(args, {
    env,
    cwd: folder,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

/** The command line itself, a separate Node process: its exit status and output. */
function spawnCli(args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(folder, 'data'), LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: folder, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'der-definitions-cli-'));
  fs.writeFileSync(path.join(folder, 'definicao.json'), JSON.stringify(testDefinition(800)));
  const bad = testDefinition(810) as unknown as { version: number; components: Array<{ fields: unknown[] }> };
  bad.version = 0;
  bad.components[1]!.fields.push({ key: '9invalida', type: 'STRING', label: { 'pt-BR': 'X', en: 'X' } });
  fs.writeFileSync(path.join(folder, 'invalida.json'), JSON.stringify(bad));
});
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('definitions command line', () => {
  it('is a command of its own: wrong usage prints the usage and exits 2', async () => {
    // One real process (a Node start costs seconds on a loaded two-core machine); the rest run in process.
    const wrong = await spawnCli(['frobnicate']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run definitions');
  }, 60_000);

  it('validates a file without a database, printing every problem with its path', async () => {
    const valid = await runCli(['validate', 'definicao.json']);
    expect(valid).toMatchObject({ code: 0, stdout: 'Valid: "teste-800" version 1, 2 component(s).\n' });
    const invalid = await runCli(['validate', 'invalida.json']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('version: ');
    expect(invalid.stderr).toMatch(/components\[1\]\.fields\[11\]\.key: /);
    expect(invalid.stderr).toContain('The definition is invalid (2 problem(s)).');
    expect(fs.existsSync(path.join(folder, 'data'))).toBe(false);
    expect((await runCli(['validate', 'nao-existe.json'])).stderr).toContain('File not found');
  });

  it('imports into the data folder, refuses the same version again, and exports the document', async () => {
    const imported = await runCli(['import', 'definicao.json']);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('Imported "teste-800" version 1 into application 1 (new).');
    expect(imported.stdout).toContain('Components added: 801, 802');

    const again = await runCli(['import', 'definicao.json']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already installed at version 1');

    const exported = await runCli(['export', 'teste-800', 'exportada.json']);
    expect(exported.code).toBe(0);
    const document = JSON.parse(fs.readFileSync(path.join(folder, 'exportada.json'), 'utf8'));
    expect(Object.keys(document).slice(0, 4)).toEqual(['schemaVersion', 'key', 'version', 'name']);
    expect(document.components.map((component: { id: number }) => component.id)).toEqual([801, 802]);
    expect((await runCli(['export', 'nao-existe'])).stderr).toContain('No application definition');
  }, 60_000);

  it('says clearly that the server holds the database while it runs (PGlite lock), and exits 1', async () => {
    // A live process holding the lock stands for a running server.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    const lockFile = path.join(folder, 'data', 'pglite.lock');
    fs.mkdirSync(path.dirname(lockFile), { recursive: true });
    fs.writeFileSync(lockFile, `${holder.pid}\n`);
    try {
      const refused = await runCli(['import', 'definicao.json']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('The server is running and holds the database');
      expect(refused.stderr).toContain(`pid ${holder.pid}`);
    } finally {
      holder.kill();
      fs.rmSync(lockFile, { force: true });
    }
  }, 60_000);
});
