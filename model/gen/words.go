package gen

import "strings"

// The word lists behind the realistic kinds (name, email, address, ...).
// They are small and written here rather than taken from a data library:
// github.com/brianvoe/gofakeit/v7 would add its whole data set to the
// page's WebAssembly (see the commit that added this file for the figures),
// and a sample dataset needs plausible values, not encyclopaedic ones.

var firstNames = strings.Fields(`
Ada Adam Aiko Alan Alice Amara Amir Ana Andrea Anna Arjun Ava Ben Bianca
Carlos Carmen Chen Chloe Chris Clara Daniel Daria David Diego Dmitri Elena
Eli Emma Eric Eva Fatima Felix Freya Gabriel Grace Hana Hannah Hugo Ibrahim
Ines Isaac Ivan Jack James Jana Javier Jin Joao Jonas Julia Kai Karim Kenji
Laila Lars Laura Leo Lena Liam Lina Lucas Lucia Luis Maya Mei Mia Miguel
Mila Mohamed Nadia Nina Noah Nora Olga Omar Oscar Pablo Paula Priya Rafael
Rania Rosa Sam Sara Sofia Sven Tara Theo Tomas Uma Victor Yara Yusuf Zoe`)

var lastNames = strings.Fields(`
Abara Ahmed Alvarez Andersen Bauer Becker Berg Bianchi Brown Campbell Chen
Costa Cruz Dubois Edwards Eriksson Fischer Fernandez Garcia Gomez Hansen
Hoffmann Horvath Ivanova Jansen Johnson Kaur Kim Kowalski Kumar Larsen Lee
Lopez Martin Meyer Moreau Muller Murphy Nakamura Nguyen Nielsen Novak Okafor
Olsen Park Patel Perez Petrov Popescu Quinn Ramos Reyes Rossi Sato Schmidt
Silva Singh Smith Sousa Suzuki Tanaka Taylor Thompson Torres Vargas Walker
Wang Weber Williams Wilson Yamamoto Yilmaz Young Zhang Zimmermann`)

var streetNames = strings.Fields(`
Acacia Alder Ash Aspen Bay Beech Birch Bridge Brook Cedar Chapel Cherry
Church Cliff Clover College Copper Cypress Elm Fern Forest Garden Glen
Granite Harbor Hazel Heather Hill Holly Iris Juniper Lake Laurel Lilac
Maple Meadow Mill Oak Orchard Park Pine Poplar River Rose Sage Spring
Spruce Station Stone Summit Sunset Valley Willow Windmill`)

var streetSuffixes = strings.Fields(`Street Avenue Road Lane Way Drive Court Place Terrace Boulevard`)

var cities = strings.Fields(`
Amsterdam Athens Austin Barcelona Berlin Bogota Boston Brisbane Brussels
Busan Cairo Calgary Chicago Copenhagen Denver Dublin Edinburgh Geneva
Hamburg Helsinki Istanbul Jakarta Kyoto Lagos Lima Lisbon Lyon Madrid
Manila Melbourne Milan Montreal Mumbai Munich Nairobi Osaka Oslo Paris
Porto Prague Quito Riga Rome Santiago Seattle Seoul Singapore Stockholm
Sydney Taipei Tallinn Tokyo Toronto Valencia Vienna Vilnius Warsaw Zurich`)

var countries = strings.Fields(`
AR AT AU BE BR CA CH CL CN CO CZ DE DK EE EG ES FI FR GB GR IE IN IT JP KE
KR LT LV MX NG NL NO NZ PE PH PL PT SE SG TR TW US`)

var emailDomains = strings.Fields(`example.com example.org example.net mail.test inbox.test post.test`)

var tlds = strings.Fields(`com org net io dev app shop co`)

var companyWords = strings.Fields(`
Acme Apex Atlas Beacon Blue Bright Cascade Cedar Clear Cobalt Crest Delta
Ember Evergreen Falcon Fjord Granite Harbor Helix Horizon Iron Juniper
Keystone Lumen Maple Meridian Nimbus Northwind Orbit Pioneer Quartz Summit
Tidal Vertex Willow Zenith`)

var companySuffixes = strings.Fields(`Labs Systems Foods Logistics Media Health Works Studio Partners Group`)

// words are everyday English words for word, words and sentence.
var words = strings.Fields(`
able about account across action after again air answer apple area around
art bag ball bank base basket bean bed bell bird black blue board boat body
book border box bread bridge bright brown brush cake camera card care carpet
cart case cat chain chair chalk cheese chest circle city clean clock cloth
cloud coat coffee color comb copper corn cotton cover cup curtain cushion
dark day desk door drawer dress drink early earth egg engine even evening
eye face farm feather field fire fish flag floor flower fog food foot fork
fresh friend fruit garden gate gift glass glove gold grain grass green grey
hammer hand hat heart hill history hope horse house idea iron island jam
jelly jewel journey key kettle kind kite knee knife lake lamp large leaf
letter light line linen list little lock long machine map market match meal
metal milk minute mirror money moon morning mountain music nail name needle
nest net night noise north note number ocean office oil orange oven page
paint paper park pencil pepper picture pin pipe plant plate pocket point
pot quiet rain river road rock roof room root rose salt sand school sea
seed shade sheep shelf ship shirt shoe silk silver sky smile snow soap sock
song soup space spoon spring square stamp star station stem stone story
street sugar summer sun table tea thread ticket tide time toast tooth town
train tree umbrella valley voice wall watch water wave wheel window wind
wine winter wood wool yard year yellow`)
