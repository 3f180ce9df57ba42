import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per test file, keyed by its path from the repository root. */
export type RecordedDurations = Readonly<Record<string, number>>;

export const DURATIONS_FILE = new URL('test-durations.json', import.meta.url);

/**
 * Orders files so that the longest start first. A three-minute file that starts last keeps one
 * worker busy while the others have long run dry; started first, it overlaps with everything
 * else. Files with no known duration (new ones) go first of all, as
 * Vitest's own order does, so a new test shows its failure early.
 */
export function longestFirst<T>(files: readonly T[], secondsOf: (file: T) => number | undefined) {
  const rank = (file: T) => secondsOf(file) ?? Number.POSITIVE_INFINITY;
  return [...files].sort((a, b) => rank(b) - rank(a));
}

export function readRecordedDurations(): RecordedDurations {
  try {
    const parsed: unknown = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => {
        const seconds: unknown = entry[1];
        return typeof seconds === 'number' && Number.isFinite(seconds);
      }),
    );
  } catch {
    return {};
  }
}

/**
 * Vitest's sequencer orders by the durations of this checkout's previous run, which a fresh
 * clone (CI) does not have; it then falls back on file size, which says little about time. This
 * one keeps Vitest's grouping (projects one after the other) and, inside a project, orders by the
 * previous run's duration or else by the durations recorded in `test-durations.json`
 * (`npm run test:durations` after a full `npm test`).
 */
export default class LongestFirstSequencer extends BaseSequencer {
  private readonly recorded = readRecordedDurations();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of await super.sort(files)) {
      const name = file.project.name;
      const projectFiles = byProject.get(name) ?? [];
      projectFiles.push(file);
      byProject.set(name, projectFiles);
    }
    const secondsOf = (file: TestSpecification) => {
      const path = relative(root, file.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
      return cached ? cached.duration / 1000 : this.recorded[path];
    };
    return [...byProject.values()].flatMap((projectFiles) => longestFirst(projectFiles, secondsOf));
  }
}
