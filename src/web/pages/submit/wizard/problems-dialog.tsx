import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { type FieldError, formatLongDate, REQUIRED_INFORMATION_MISSING } from '../../../../domain';

interface ProblemsDialogProps {
  open: boolean;
  problems: readonly FieldError[];
  onClose(): void;
  /** Closes the dialog and brings the field into view. */
  onGoTo(field: string): void;
  onQuickFix(problem: FieldError): void;
}

/** Spec 001 §2 step 2: the problems, each a way to its field; some offer a one-click fix. */
export function ProblemsDialog({ open, problems, onClose, onGoTo, onQuickFix }: ProblemsDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="problems-title" fullWidth maxWidth="sm">
      <DialogTitle id="problems-title">{REQUIRED_INFORMATION_MISSING}</DialogTitle>
      <DialogContent>
        <DialogContentText>Please fix these to continue. Choose one to go to its field.</DialogContentText>
        <List aria-label="Problems to fix">
          {problems.map((problem) => (
            <ListItem
              key={`${problem.field}\n${problem.message}`}
              disablePadding
              secondaryAction={
                problem.quickFix ? (
                  <Button size="small" variant="outlined" onClick={() => onQuickFix(problem)}>
                    Set to {formatLongDate(problem.quickFix.value) ?? problem.quickFix.value}
                  </Button>
                ) : undefined
              }
            >
              <ListItemButton onClick={() => onGoTo(problem.field)} sx={{ pr: problem.quickFix ? 22 : 2 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <ErrorOutline color="error" />
                </ListItemIcon>
                <ListItemText primary={problem.message} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
