import type { ReactNode } from 'react';
import type { CareSheetOut } from '@/domain/contracts/care-sheet';
import { formatCareTimes, phoneText } from '@/domain/stays/care-times';

// A pet's care sheet as the host reads it (and the guest, once saved): what to give and when,
// then how to reach the vet and someone other than the guest.

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-stone-600">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line text-stone-900">{children}</dd>
    </div>
  );
}

export function CareSheetView({ sheet }: { sheet: CareSheetOut }) {
  return (
    <dl className="divide-y divide-stone-200">
      <Row label="Food">
        {sheet.food.what}, {sheet.food.amount}
        <span className="block text-stone-700">at {formatCareTimes(sheet.food.times)}</span>
      </Row>
      <Row label="Medicines">
        {sheet.medicines.length === 0
          ? 'None'
          : sheet.medicines.map((m, i) => (
              <span key={i} className="block">
                <strong className="font-semibold">{m.name}</strong>, {m.dose}, at {formatCareTimes(m.times)}
              </span>
            ))}
      </Row>
      {sheet.walks && <Row label="Walks and exercise">{sheet.walks}</Row>}
      {sheet.habits && <Row label="Habits and fears">{sheet.habits}</Row>}
      {sheet.house_training && <Row label="House training">{sheet.house_training}</Row>}
      <Row label="Vet">
        {sheet.vet.name}, {sheet.vet.clinic}
        <a href={`tel:${sheet.vet.phone}`} className="block font-semibold text-primary-700 underline-offset-4 hover:underline">
          {phoneText(sheet.vet.phone)}
        </a>
      </Row>
      <Row label="Emergency contact">
        {sheet.emergency_contact.name}
        <a href={`tel:${sheet.emergency_contact.phone}`} className="block font-semibold text-primary-700 underline-offset-4 hover:underline">
          {phoneText(sheet.emergency_contact.phone)}
        </a>
      </Row>
    </dl>
  );
}
