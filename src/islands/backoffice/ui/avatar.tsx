import type { Whoami } from '../../../lib/identity/schema.ts';

/** The person's initials, for the avatar of an account without a photo. */
export function initialsOf(name: string | null, email: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return email.slice(0, 1).toUpperCase();
  return (words[0]!.slice(0, 1) + (words.length > 1 ? words.at(-1)!.slice(0, 1) : '')).toUpperCase();
}

export function Avatar({ identity, size }: { identity: Pick<Whoami, 'photo' | 'name' | 'email'>; size: 'sm' | 'lg' }) {
  const box = size === 'lg' ? 'size-24 text-3xl' : 'size-7 text-xs';
  if (identity.photo)
    return (
      <img src={identity.photo} alt="" className={`${box} shrink-0 rounded-full object-cover ring-1 ring-slate-200`} />
    );
  return (
    <span
      aria-hidden="true"
      className={
        `${box} flex shrink-0 items-center justify-center ` + `rounded-full bg-brand-100 font-semibold text-brand-800`
      }
    >
      {initialsOf(identity.name, identity.email)}
    </span>
  );
}
