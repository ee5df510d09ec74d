-- The plant search (docs/shop.md "Search") finds what the catalogue says: plants of NASA's Clean
-- Air Study and Wolverton's list get the feature "Air purifying" (content/catalogue/plants.ts),
-- first in the list, as the seed now writes it. Here for databases seeded before: once per plant
-- (a plant that has it already is left alone), with its Hindi and Kannada words where the plant's
-- features are translated (an untranslated list stays empty and shows the English).
UPDATE products SET
  features = array_prepend('Air purifying', features),
  features_hi = CASE WHEN cardinality(features_hi) > 0
    THEN array_prepend('हवा साफ़ करने वाला पौधा', features_hi) ELSE features_hi END,
  features_kn = CASE WHEN cardinality(features_kn) > 0
    THEN array_prepend('ಗಾಳಿ ಶುದ್ಧೀಕರಿಸುವ ಗಿಡ', features_kn) ELSE features_kn END,
  updated_at = now()
WHERE kind = 'plant'
  AND slug IN ('snake-plant', 'peace-lily', 'rubber-plant', 'spider-plant', 'syngonium',
    'heartleaf-philodendron', 'boston-fern', 'anthurium', 'aglaonema', 'money-plant', 'aloe-vera',
    'areca-palm')
  AND NOT ('Air purifying' = ANY (features));
