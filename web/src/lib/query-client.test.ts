import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { MAX_RETRIES, optimistic, shouldRetry } from './query-client';

const failure = (kind: ConstructorParameters<typeof ApiError>[1]['kind'], status = 0) =>
  new ApiError('x', { kind, status });

describe('shouldRetry', () => {
  it('tries a read again when no answer came or the server failed', () => {
    expect(shouldRetry(0, failure('network'))).toBe(true);
    expect(shouldRetry(1, failure('bad-response', 503))).toBe(true);
  });

  it.each([400, 401, 403, 404, 409, 422, 429])('never tries a %i again', (status) => {
    expect(shouldRetry(0, failure('bad-request', status))).toBe(false);
  });

  it('never tries a refused envelope, a timeout, a cancelled request or an unreadable 2xx again', () => {
    expect(shouldRetry(0, failure('envelope', 200))).toBe(false);
    expect(shouldRetry(0, failure('timeout'))).toBe(false);
    expect(shouldRetry(0, failure('aborted'))).toBe(false);
    expect(shouldRetry(0, failure('bad-response', 0))).toBe(false);
    expect(shouldRetry(0, new Error('not from the API'))).toBe(false);
  });

  it(`stops after ${MAX_RETRIES} more tries`, () => {
    expect(shouldRetry(MAX_RETRIES - 1, failure('network'))).toBe(true);
    expect(shouldRetry(MAX_RETRIES, failure('network'))).toBe(false);
  });
});

describe('optimistic', () => {
  const marks = optimistic<string[], string>(['marks'], (items, item) => [...items, item]);

  function cached() {
    const client = new QueryClient();
    client.setQueryData(['marks', 1], ['a']);
    client.setQueryData(['marks', 2], ['b']);
    client.setQueryData(['other'], ['c']);
    return { client, context: { client, meta: undefined } };
  }

  it('changes every cached answer under its key before the request leaves, and nothing else', async () => {
    const { client, context } = cached();
    await marks.onMutate('x', context);
    expect(client.getQueryData(['marks', 1])).toEqual(['a', 'x']);
    expect(client.getQueryData(['marks', 2])).toEqual(['b', 'x']);
    expect(client.getQueryData(['other'])).toEqual(['c']);
  });

  it('puts the answers back when the server refuses', async () => {
    const { client, context } = cached();
    const snapshot = await marks.onMutate('x', context);
    marks.onError(new Error('refused'), 'x', snapshot, context);
    expect(client.getQueryData(['marks', 1])).toEqual(['a']);
    expect(client.getQueryData(['marks', 2])).toEqual(['b']);
  });

  it('refetches what it changed once the server has answered', () => {
    const { client, context } = cached();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    marks.onSettled(undefined, null, 'x', { previous: [] }, context);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['marks'] });
  });
});
