import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverSource = path.resolve(import.meta.dirname, '../..');
const THE_HANDLER = path.join('infra', 'http', 'error-handler.plugin.ts');

function sourceFiles(): string[] {
  return readdirSync(serverSource, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(serverSource, path.join(entry.parentPath, entry.name)));
}

describe('the error handler', () => {
  // A plugin with its own handler renders errors its own way (once, raw `{name}` placeholders on the routes of
  // the plugins that forgot it); the infra handler serves every route.
  it('is installed by the infra error-handler plugin only', () => {
    const files = sourceFiles();
    expect(files).toContain(THE_HANDLER);
    const installers = files.filter((file) =>
      readFileSync(path.join(serverSource, file), 'utf8').includes('setErrorHandler('),
    );
    expect(installers).toEqual([THE_HANDLER]);
  });
});
