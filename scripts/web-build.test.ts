import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceMapLeaks } from './web-build.mjs';

describe('the web build check for source maps', () => {
  const dirs: string[] = [];
  const distWith = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('passes a bundle without maps', () => {
    const dir = distWith({ 'index.html': '<!doctype html>', 'assets/app.js': 'let a = 1;' });
    expect(sourceMapLeaks(dir)).toEqual([]);
  });

  it('names map files and bundle files that point at a map', () => {
    const dir = distWith({
      'index.html': '<!doctype html>',
      'assets/app.js': 'let a = 1;\n//# sourceMappingURL=app.js.map',
      'assets/app.js.map': '{}',
      'assets/app.css': 'a{}/*# sourceMappingURL=app.css.map */',
    });
    expect(sourceMapLeaks(dir).sort()).toEqual(
      [join('assets', 'app.css'), join('assets', 'app.js'), join('assets', 'app.js.map')].sort(),
    );
  });
});
