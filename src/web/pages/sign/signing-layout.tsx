import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/page-loading';

/**
 * The frame of the signing page: it opens in a 1000x800 popup, so there is no site header or
 * footer to push the agreement down — only the page in a main landmark.
 */
export function SigningLayout() {
  return (
    <Box component="main" id="main-content" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
