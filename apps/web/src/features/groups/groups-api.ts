import {
  groupResponseSchema,
  groupWalletsResponseSchema,
  listGroupsResponseSchema,
  type Group,
} from '@fleet/core';
import { z } from 'zod';
import { apiRequest } from '../../api/http';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';

/** The group calls of spec 2 §7, typed by the shared contract (`@fleet/core` organize). */
export const groupsQueryKey = [...LIST_QUERY_KEYS.groups, 'with-counts'] as const;
export const groupWalletsQueryKey = (groupId: string) =>
  [...LIST_QUERY_KEYS.groups, 'wallets', groupId] as const;

export type GroupWalletsResponse = z.infer<typeof groupWalletsResponseSchema>;
export type GroupWallet = GroupWalletsResponse['wallets'][number];

export interface CreateGroupRequest {
  readonly group_name: string;
  readonly color: string;
  readonly description?: string;
  readonly walletIds: readonly string[];
}

export interface UpdateGroupRequest {
  readonly group_name?: string;
  readonly color?: string;
  readonly description?: string;
  readonly addWalletIds?: readonly string[];
  readonly removeWalletIds?: readonly string[];
}

/** The delete answer carries nothing the client needs; any JSON object is accepted. */
const deleteAnswerSchema = z.looseObject({});

export async function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  const answer = await apiRequest('/api/groups?withCounts=true', {
    schema: listGroupsResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return answer.groups;
}

/** Spec 2 §7: a group's wallets are read without cache each time it is opened. */
export function fetchGroupWallets(
  groupId: string,
  signal?: AbortSignal,
): Promise<GroupWalletsResponse> {
  return apiRequest(`/api/groups/${encodeURIComponent(groupId)}/wallets`, {
    schema: groupWalletsResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

export async function createGroup(request: CreateGroupRequest): Promise<Group> {
  const answer = await apiRequest('/api/groups', {
    method: 'POST',
    body: request,
    schema: groupResponseSchema,
  });
  return answer.group;
}

export async function updateGroup(groupId: string, request: UpdateGroupRequest): Promise<Group> {
  const answer = await apiRequest(`/api/groups/${encodeURIComponent(groupId)}`, {
    method: 'PATCH',
    body: request,
    schema: groupResponseSchema,
  });
  return answer.group;
}

export async function deleteGroup(groupId: string): Promise<void> {
  await apiRequest(`/api/groups/${encodeURIComponent(groupId)}`, {
    method: 'DELETE',
    schema: deleteAnswerSchema,
  });
}
