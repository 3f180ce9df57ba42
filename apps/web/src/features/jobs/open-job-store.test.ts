import { describe, expect, it } from 'vitest';
import { currentOpenJob, forgetOpenJob, parseOpenJob, setOpenJob } from './open-job-store';

const JOB = '0b6b3f0e-4f1a-4d2b-9c55-0d5b8f0b2a11';
const OP = '1c7c4f1f-5a2b-4e3c-8d66-1e6c9a1c3b22';

describe('the open job kept across reloads', () => {
  it('reads back a stored job and its operation', () => {
    expect(parseOpenJob(JSON.stringify({ jobId: JOB, operationId: OP }))).toEqual({
      jobId: JOB,
      operationId: OP,
      kind: null,
      visible: true,
    });
    expect(parseOpenJob(JSON.stringify({ jobId: JOB, operationId: null, visible: false }))).toEqual(
      { jobId: JOB, operationId: null, kind: null, visible: false },
    );
  });

  it('keeps the job kind, which says which progress dialog draws it', () => {
    expect(
      parseOpenJob(JSON.stringify({ jobId: JOB, operationId: OP, kind: 'token.withdraw' })),
    ).toEqual({ jobId: JOB, operationId: OP, kind: 'token.withdraw', visible: true });
    expect(parseOpenJob(JSON.stringify({ jobId: JOB, operationId: OP, kind: '<b>' }))).toBeNull();
    expect(parseOpenJob(JSON.stringify({ jobId: JOB, operationId: OP, kind: 7 }))).toBeNull();
  });

  it('forgets anything that is not a stored job', () => {
    expect(parseOpenJob(null)).toBeNull();
    expect(parseOpenJob('not json')).toBeNull();
    expect(parseOpenJob(JSON.stringify({ jobId: '../admin', operationId: null }))).toBeNull();
    expect(parseOpenJob(JSON.stringify({ jobId: JOB, operationId: 5 }))).toBeNull();
  });

  it('forgets a job only when it is still the one kept open', () => {
    const other = '2d8d5e2f-6b3c-4f4d-9e77-2f7d0b2d4c33';
    setOpenJob({ jobId: JOB, operationId: null, kind: null, visible: true });
    forgetOpenJob(other);
    expect(currentOpenJob()?.jobId).toBe(JOB);
    forgetOpenJob(JOB);
    expect(currentOpenJob()).toBeNull();
  });
});
