import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { COMPANY_ROLE_HELP, COMPANY_ROLE_LABELS, COMPANY_ROLES, type CompanyRole } from '../../../../shared/domain/companies/roles';
import { formatPence } from '../../../../shared/domain/pricing/format';

/**
 * A member's role (each with what it may do) and, for a buyer, their approval limit in pounds: the
 * invite and the change dialogs share them. `companyLimit` is the company's limit for all buyers.
 */
export function RoleFields({
  role,
  onRole,
  limit,
  onLimit,
  errors,
  companyLimit,
}: {
  role: CompanyRole;
  onRole: (role: CompanyRole) => void;
  limit: string;
  onLimit: (text: string) => void;
  errors: Record<string, string | undefined>;
  companyLimit: number | null;
}) {
  const roleId = useId();
  const fallback = companyLimit === null ? 'no limit: their orders never wait' : `the company’s limit for all buyers, ${formatPence(companyLimit)}`;
  return (
    <>
      <FormControl error={Boolean(errors.role)} sx={{ mt: 2, display: 'flex' }}>
        <FormLabel id={roleId}>Role</FormLabel>
        <RadioGroup aria-labelledby={roleId} value={role} onChange={(e) => onRole(e.target.value as CompanyRole)}>
          {COMPANY_ROLES.map((r) => (
            <FormControlLabel
              key={r}
              value={r}
              control={<Radio />}
              label={`${COMPANY_ROLE_LABELS[r]} — ${COMPANY_ROLE_HELP[r]}`}
              sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            />
          ))}
        </RadioGroup>
        {errors.role && <FormHelperText>{errors.role}</FormHelperText>}
      </FormControl>
      {role === 'buyer' && (
        <TextField
          label="Approval limit"
          value={limit}
          onChange={(e) => onLimit(e.target.value)}
          error={Boolean(errors.approval_limit)}
          helperText={errors.approval_limit ?? `Orders above it (net, without VAT) wait for an owner. Empty: ${fallback}.`}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 14 }, input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } }}
        />
      )}
    </>
  );
}
