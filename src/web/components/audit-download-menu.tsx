import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { AuditExportLinks } from '../api/audit-exports';

export const AUDIT_DOWNLOAD_LABEL = 'Download audit trail';

const FORMATS = [
  { format: 'pdf', primary: 'PDF', secondary: 'To read, print or file' },
  { format: 'json', primary: 'JSON', secondary: 'Every field, for other tools' },
] as const;

/**
 * "Download audit trail": a menu of the trail's files (PDF, JSON), each a plain download link, so
 * the browser saves it under the server's file name.
 */
export function AuditDownloadMenu({ links }: { links: AuditExportLinks }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {AUDIT_DOWNLOAD_LABEL}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {FORMATS.map(({ format, primary, secondary }) => (
          <MenuItem key={format} component="a" href={links[format]} download onClick={close}>
            <ListItemText primary={primary} secondary={secondary} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
