/** Heroicons (24/outline) for the icon names used in src/core/personas.ts. */
import {
  AcademicCapIcon,
  BellIcon,
  BuildingLibraryIcon,
  CalendarDaysIcon,
  ChartBarIcon,
  ChatBubbleLeftRightIcon,
  ClipboardDocumentListIcon,
  Cog6ToothIcon,
  ComputerDesktopIcon,
  DocumentCheckIcon,
  DocumentTextIcon,
  ExclamationTriangleIcon,
  HeartIcon,
  HomeIcon,
  PhotoIcon,
  QueueListIcon,
  ScaleIcon,
  ShieldCheckIcon,
  UserCircleIcon,
  UserGroupIcon,
  UsersIcon,
  WrenchScrewdriverIcon,
} from '@heroicons/react/24/outline';
import type { ComponentType, SVGProps } from 'react';
import type { IconName } from '../../../core/personas.ts';

export type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

export const ICONS: Record<IconName, IconComponent> = {
  Home: HomeIcon,
  Photo: PhotoIcon,
  Users: UsersIcon,
  ComputerDesktop: ComputerDesktopIcon,
  DocumentText: DocumentTextIcon,
  ClipboardDocumentList: ClipboardDocumentListIcon,
  CalendarDays: CalendarDaysIcon,
  ChatBubbleLeftRight: ChatBubbleLeftRightIcon,
  Cog6Tooth: Cog6ToothIcon,
  UserGroup: UserGroupIcon,
  WrenchScrewdriver: WrenchScrewdriverIcon,
  AcademicCap: AcademicCapIcon,
  Bell: BellIcon,
  ChartBar: ChartBarIcon,
  ShieldCheck: ShieldCheckIcon,
  QueueList: QueueListIcon,
  BuildingLibrary: BuildingLibraryIcon,
  DocumentCheck: DocumentCheckIcon,
  ExclamationTriangle: ExclamationTriangleIcon,
  UserCircle: UserCircleIcon,
  Heart: HeartIcon,
  Scale: ScaleIcon,
};
