import { SelectField, type ListOfErrors } from "~/components/kit";
import { roleLabel } from "~/utils/roles";

type RoleSelectProps = {
  label: string;
  roles: readonly string[];
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { key?: React.Key | null };
  errors?: ListOfErrors;
};

/** A role picker limited to the roles the viewer may give. */
export function RoleSelect({ label, roles, selectProps, errors }: RoleSelectProps) {
  return (
    <SelectField label={label} selectProps={selectProps} errors={errors}>
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </SelectField>
  );
}
