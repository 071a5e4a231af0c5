import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveCatalogInput, SaveCatalogResult } from '../../../../../shared/schemas/admin/catalog';
import { api } from '../../../../lib/api-client';
import { adminCatalogKey } from './get-admin-catalog';
import { catalogVersionsKey } from './get-catalog-versions';

/** PUT /admin/catalog: saves the draft as the next version. */
export function saveCatalog(input: SaveCatalogInput) {
  return api<SaveCatalogResult>('/admin/catalog', { method: 'PUT', body: input });
}

export function useSaveCatalog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCatalog,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminCatalogKey });
      void queryClient.invalidateQueries({ queryKey: catalogVersionsKey });
    },
  });
}
