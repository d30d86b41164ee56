import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatResponsePromise } from '../../domain';
import { useSiteConfig } from '../api/site-config';

/**
 * The response promise and, once the record backs it, its figures (domain/review/response-record.ts)
 * as a paragraph of its own: the artist's dashboard. From the site config (`GET /api/config`, in
 * the page data of a page the server rendered), never typed by hand. While it loads (a page the
 * server did not render), a line of skeleton holds its place.
 */
export function ResponsePromiseNote() {
  const { siteConfig, isPending } = useSiteConfig();
  if (isPending) {
    return (
      <Typography component="div" sx={{ mb: 2 }} aria-hidden="true">
        <Skeleton variant="text" width="60%" />
      </Typography>
    );
  }
  if (!siteConfig.responsePromise) return null;
  return (
    <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: 720 }}>
      {formatResponsePromise(siteConfig.responsePromise)}
    </Typography>
  );
}
