export const backgrounds = {
  cycle: (current: string) => `Changer le fond animé (actuel : ${current})`,
  names: { neural: 'réseau neuronal', gradient: 'dégradé', particles: 'particules' },
} as const;
