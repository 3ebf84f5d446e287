import { useId } from "react";
import { ErrorList } from "~/components/forms";
import { roleLabel } from "~/features/members/permissions";

type RoleSelectProps = {
  label: string;
  roles: readonly string[];
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement>;
  errors?: string[];
};

/** A role picker limited to the roles the viewer may give. */
export function RoleSelect({ label, roles, selectProps, errors }: RoleSelectProps) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="mt-1 block min-h-[44px] w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid]:border-red-600"
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
