/** The group panel's tabs: the panel switches between them, and the main tab's rows lead to the others. */
export type PanelTab = 'main' | 'member' | 'profile' | 'notification' | 'admin';
