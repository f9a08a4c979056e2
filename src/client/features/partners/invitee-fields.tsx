// Who is invited to a partner and as what: the e-mail and role fields of the administrator's Invite dialog and
// the owner's Invite a member form (one set of fields, checked by the shared invitation schemas).
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/select';
import { Field, fieldControl } from '@/client/features/admin/lots/form-field';
import { PARTNER_ROLE_LABEL, PARTNER_ROLES, type TPartnerRole } from '@/shared/schemas/partners';

export function InviteeFields({
  id,
  email,
  role,
  errors,
  onEmail,
  onRole,
}: {
  id: string;
  email: string;
  role: TPartnerRole;
  errors: Record<string, string | undefined>;
  onEmail: (email: string) => void;
  onRole: (role: TPartnerRole) => void;
}) {
  return (
    <>
      <Field id={`${id}-email`} label="E-mail" error={errors.email}>
        <Input {...fieldControl(`${id}-email`, errors.email)} type="email" autoComplete="off" value={email} onChange={(e) => onEmail(e.target.value)} />
      </Field>
      <Field id={`${id}-role`} label="Role" error={errors.role}>
        <NativeSelect {...fieldControl(`${id}-role`, errors.role)} value={role} onChange={(e) => onRole(e.target.value as TPartnerRole)}>
          {PARTNER_ROLES.map((r) => (
            <option key={r} value={r}>
              {PARTNER_ROLE_LABEL[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </>
  );
}
