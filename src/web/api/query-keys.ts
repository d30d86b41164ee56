/**
 * Every TanStack Query key in one place, so invalidation after a change names the same key the
 * query used. Add an entry per resource; parameterised keys are functions.
 */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  currentUser: ['current-user'] as const,
  imageMapping: (fileIds: string[]) => ['image-mapping', ...fileIds] as const,
};
