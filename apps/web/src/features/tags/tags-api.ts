import {
  assignTagsResponseSchema,
  createTagResponseSchema,
  listTagsResponseSchema,
  type Tag,
} from '@fleet/core';
import { z } from 'zod';
import { apiRequest } from '../../api/http';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';

/**
 * The tag calls of spec 2 §7. `PATCH` and `DELETE /api/tags/:id` (custom tags only) are assumed to
 * answer `{ tag }` and any JSON object respectively; the shared contract does not type them yet.
 */
export const tagsQueryKey = LIST_QUERY_KEYS.tags;

export interface TagChange {
  readonly name?: string;
  readonly color?: string;
}

export interface TagAssignment {
  readonly walletIds: readonly string[];
  readonly tagIds: readonly string[];
}

const deleteAnswerSchema = z.looseObject({});

export async function fetchTags(signal?: AbortSignal): Promise<Tag[]> {
  const answer = await apiRequest('/api/tags', {
    schema: listTagsResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
  return answer.tags;
}

export async function createTag(request: {
  readonly name: string;
  readonly color: string;
}): Promise<Tag> {
  const answer = await apiRequest('/api/tags', {
    method: 'POST',
    body: request,
    schema: createTagResponseSchema,
  });
  return answer.tag;
}

export async function updateTag(tagId: string, change: TagChange): Promise<Tag> {
  const answer = await apiRequest(`/api/tags/${encodeURIComponent(tagId)}`, {
    method: 'PATCH',
    body: change,
    schema: createTagResponseSchema,
  });
  return answer.tag;
}

export async function deleteTag(tagId: string): Promise<void> {
  await apiRequest(`/api/tags/${encodeURIComponent(tagId)}`, {
    method: 'DELETE',
    schema: deleteAnswerSchema,
  });
}

export async function assignTags(assignment: TagAssignment): Promise<number> {
  const answer = await apiRequest('/api/tags/assign', {
    method: 'POST',
    body: assignment,
    schema: assignTagsResponseSchema,
  });
  return answer.changed;
}

export async function unassignTags(assignment: TagAssignment): Promise<number> {
  const answer = await apiRequest('/api/tags/unassign', {
    method: 'POST',
    body: assignment,
    schema: assignTagsResponseSchema,
  });
  return answer.changed;
}
