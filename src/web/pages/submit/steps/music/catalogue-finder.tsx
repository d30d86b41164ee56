import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CATALOGUE_NOTICE_MS, isCatalogueItemAdded } from '../../../../../domain';
import { TabList } from '../../../../components/tab-list';
import type { SubmitFormValues } from '../../../../forms/form-values';
import { useCatalogueAdder } from './catalogue-add';
import { CatalogueSearchPanel } from './catalogue-search-panel';
import { CatalogueUrlPanel } from './catalogue-url-panel';

const TABS = ['Search Music', 'Enter URL'] as const;

/**
 * Finds releases to transfer, by search or by pasted link (spec 001 §2 step 2 item 7), and adds
 * them to the form's `catalogueItems`.
 */
export function CatalogueFinder() {
  const baseId = useId();
  const [tab, setTab] = useState(0);
  const { control } = useFormContext<SubmitFormValues>();
  const items = useWatch({ control, name: 'catalogueItems' });
  const { add, isPending, notice, noticeOpen, dismissNotice } = useCatalogueAdder();

  const isAdded = useCallback((spotifyUrl: string) => isCatalogueItemAdded(items ?? [], spotifyUrl), [items]);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TabList
        tabs={TABS.map((label, index) => ({ label, id: tabId(index), panelId: panelId(index) }))}
        selected={tab}
        onSelect={setTab}
        label="Find your releases"
        fullWidth
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      />
      {TABS.map((label, index) => (
        <Box
          key={label}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          hidden={tab !== index}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          {/* Both panels stay mounted so a typed search or link survives a tab switch. */}
          {index === 0 ? (
            <CatalogueSearchPanel isAdded={isAdded} isAdding={isPending} onAdd={(seed) => void add(seed)} />
          ) : (
            <CatalogueUrlPanel isAdded={isAdded} onAdd={add} />
          )}
        </Box>
      ))}

      {notice && (
        <Snackbar
          // A new notice restarts the 3 s timer rather than inheriting the previous one's.
          key={notice.id}
          open={noticeOpen}
          autoHideDuration={notice.severity === 'success' ? CATALOGUE_NOTICE_MS : null}
          onClose={(_, reason) => {
            if (reason !== 'clickaway') dismissNotice();
          }}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert
            severity={notice.severity}
            variant="filled"
            role={notice.severity === 'success' ? 'status' : 'alert'}
            onClose={dismissNotice}
            sx={{ width: '100%' }}
          >
            {notice.severity === 'success' && <AlertTitle>{notice.title}</AlertTitle>}
            {notice.message}
          </Alert>
        </Snackbar>
      )}
    </Paper>
  );
}
