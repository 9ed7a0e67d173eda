import { queryOptions, useMutation } from '@tanstack/react-query';
import { api, request, resultOf } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';
import { saveFile } from '@/lib/save-file';
import { profileKeys } from './keys';

export type DeletionPreview = components['schemas']['DeletionPreviewView'];

/** The preview's texts are in the request's language: one entry per language. */
const deletionKey = (language: string) => [...profileKeys.all(), 'deletion', language] as const;

export const personalDataApi = {
  /** Everything the academy holds about the signed-in person, saved as a JSON file. */
  download: async () => {
    const document = await request<unknown>('/users/my-data');
    const date = new Date().toISOString().slice(0, 10);
    saveFile(JSON.stringify(document, null, 2), `academy-data-${date}.json`, 'application/json');
  },
  deletionPreview: async () => resultOf(await api.get<DeletionPreview>('/users/my-account/deletion')),
  deleteAccount: async (password: string, confirmation: string) =>
    resultOf(await api.delete<boolean>('/users/my-account', { password, confirmation })),
};

export const personalDataQueries = {
  deletionPreview: (language: string) =>
    queryOptions({ queryKey: deletionKey(language), queryFn: personalDataApi.deletionPreview }),
};

export const useDownloadMyData = () => useMutation({ mutationFn: personalDataApi.download });
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: ({ password, confirmation }: { password: string; confirmation: string }) =>
      personalDataApi.deleteAccount(password, confirmation),
  });
