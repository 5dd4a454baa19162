import {
  AirVent,
  ArrowUpDown,
  Bone,
  CarFront,
  Cat,
  Check,
  Footprints,
  HeartHandshake,
  ShieldCheck,
  Scissors,
  Sparkles,
  Stethoscope,
  Sun,
  Trees,
  Waves,
  Wifi,
  Zap,
  type LucideIcon,
} from 'lucide-react';

// Amenities are free text (hosts add their own); common words get a matching icon.
const ICONS: [RegExp, LucideIcon][] = [
  [/wi-?fi|internet/i, Wifi],
  [/parking|garage/i, CarFront],
  [/air.?condition|\bac\b|cooler/i, AirVent],
  [/walk/i, Footprints],
  [/garden|lawn|park|yard|outdoor/i, Trees],
  [/bowl|bed|treat|toy|suppl/i, Bone],
  [/cat|litter/i, Cat],
  [/net|fence|gate|safe/i, ShieldCheck],
  [/vet|first.?aid|medic/i, Stethoscope],
  [/sitter|care|company/i, HeartHandshake],
  [/lift|elevator/i, ArrowUpDown],
  [/power|backup|inverter/i, Zap],
  [/pool|swim/i, Waves],
  [/groom|bath/i, Scissors],
  [/clean/i, Sparkles],
  [/terrace|balcony|sun/i, Sun],
];

export function amenityIcon(name: string): LucideIcon {
  return ICONS.find(([re]) => re.test(name))?.[1] ?? Check;
}
