import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Brand, BrandAssetKind } from '../../../../../shared/brand';
import type { brandInputSchema } from '../../../../../shared/schemas/brand';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { shopSettingsQueryOptions } from './business-rules-settings';

/* Settings → Brand: the name, colour and links, and the logo and favicon uploads (decision 055). */

export function saveBrand(input: z.output<typeof brandInputSchema>) {
  return api<Brand>('/admin/settings/brand', { method: 'PUT', body: input });
}

export function uploadBrandAsset({ kind, file }: { kind: BrandAssetKind; file: Blob }) {
  return api<Brand>(`/admin/settings/brand/${kind}`, { method: 'PUT', file });
}

export function removeBrandAsset(kind: BrandAssetKind) {
  return api<Brand>(`/admin/settings/brand/${kind}`, { method: 'DELETE' });
}

function useBrandMutation<I>(mutationFn: (input: I) => Promise<Brand>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: shopSettingsQueryOptions().queryKey }) });
}

export const useSaveBrand = () => useBrandMutation(saveBrand);
export const useUploadBrandAsset = () => useBrandMutation(uploadBrandAsset);
export const useRemoveBrandAsset = () => useBrandMutation(removeBrandAsset);
