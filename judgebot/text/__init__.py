"""Chinese and English text handling: script conversion, normalisation, segmentation."""
