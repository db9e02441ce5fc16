import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageScripts {
  /** The chunk files the page loads before it can show anything (entry + the page's module, static imports). */
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * A module's entry in the manifest: by its source path when it is a lazy entry of its own, else the shared
 * chunk named after it (a module also imported statically elsewhere is keyed by its chunk file: `_Name-hash.js`).
 */
function manifestKey(manifest: Manifest, wanted: string): string {
  if (manifest[wanted]) return wanted;
  const name = path.basename(wanted).replace(/\.[jt]sx?$/, '');
  const shared = Object.keys(manifest).find((key) => key.startsWith(`_${name}-`));
  if (!shared) throw new Error(`${wanted} is not in the build manifest`);
  return shared;
}

/** The gzip size of a built file: its precompressed copy when the build wrote one, else compressed here. */
function gzipSize(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  try {
    return statSync(`${full}.gz`).size;
  } catch {
    return gzipSync(readFileSync(full), { level: 9 }).length;
  }
}

/**
 * The JavaScript a page needs: the entry chunk (index.html) and the lazy module of the page (`pageModules`,
 * e.g. src/features/auth/LoginPage.tsx), each with every chunk it imports statically, transitively. Chunks
 * loaded later (a dialog's lazy import, the PDF viewer) are not counted: they are not needed to show the page.
 */
export function pageScripts(distDir: string, pageModules: string[]): PageScripts {
  const manifest = readManifest(distDir);
  const seen = new Set<string>();
  const visit = (wanted: string) => {
    const key = manifestKey(manifest, wanted);
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const module of pageModules) visit(module);
  const files = [...seen].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js'));
  return {
    files,
    rawBytes: files.reduce((sum, file) => sum + statSync(path.join(distDir, file)).size, 0),
    gzipBytes: files.reduce((sum, file) => sum + gzipSize(distDir, file), 0),
  };
}
